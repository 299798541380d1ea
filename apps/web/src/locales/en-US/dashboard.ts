import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/dashboard.ts';

export const dashboard: Messages<typeof zh.dashboard> = {
  store: 'Store',
  emptyData: 'Data appears here once sending starts.',
  goals: { title: 'Goals' },
  overview: { title: 'Overview' },
  liveview: { title: 'Real-time' },
  userAction: { title: 'User actions' },
  calendar: { title: 'Marketing calendar' },
  cards: {
    revenueGoal: 'Revenue goal',
    subscriberGoal: 'Subscriber goal',
    revenue: 'Marketing revenue',
    roi: 'ROI',
    subscriptions: 'Subscriptions',
    visitors: 'Visitors now',
    recentOrders: 'Latest orders',
    opens: 'Opens',
    clicks: 'Clicks',
    orders: 'Orders',
  },
};
