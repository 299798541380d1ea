import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/calendar.ts';

export const calendar: Messages<typeof zh.calendar> = {
  title: 'Marketing calendar',
};
