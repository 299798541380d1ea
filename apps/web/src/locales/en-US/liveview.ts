import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/liveview.ts';

export const liveview: Messages<typeof zh.liveview> = {
  title: 'Live view',
};
