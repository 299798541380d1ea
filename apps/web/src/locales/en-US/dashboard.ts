import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/dashboard.ts';

export const dashboard: Messages<typeof zh.dashboard> = {
  store: 'Store',
  goals: { title: 'Goals' },
  overview: { title: 'Overview' },
  liveview: { title: 'Real-time' },
  userAction: { title: 'User actions' },
  calendar: { title: 'Marketing calendar' },
};
