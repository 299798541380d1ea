import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/overview.ts';

export const overview: Messages<typeof zh.overview> = {
  title: 'Overview',
};
