import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/liveview.ts';

/** The live view, the shopper action list and a shopper's profile (SPEC sections 2 and 7). */
export const liveviewErrors: Messages<typeof zh.liveviewErrors> = {
  liveview: {
    tooManyStreams: 'The live view is open in too many pages; close some and try again.',
    shopperNotFound: 'The shopper was not found.',
    shopperRequired: 'Give a subscriber id or a visitor id.',
    badCursor: 'The page position is not valid; start again from the first page.',
  },
};
