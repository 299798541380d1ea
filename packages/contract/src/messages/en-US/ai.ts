import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/ai.ts';

/** Copy writing ("write it for me"). SPEC section 8 wording where SPEC lists it. */
export const aiErrors: Messages<typeof zh.aiErrors> = {
  ai: {
    unavailable: 'ChatGPT service is currently unavailable, please try again later.',
    tooMany: 'Too much copy written in a short time, please try again in a minute.',
    briefTooLong: 'The notes are too long, limit 200 characters.',
  },
};
