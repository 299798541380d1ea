import { z } from 'zod';
import { dateRangeKeySchema } from '../rules/date-ranges.ts';
import { defineRoute } from './define-route.ts';

export * from '../rules/date-ranges.ts';

const dayRangeSchema = z.object({ start: z.string(), end: z.string() });
const rangeQuery = z.object({ range: dateRangeKeySchema.default('last_30_days') });

/** What sends did: counts, and rates as fractions (opens and clicks of delivered mail, unsubscribes of sent). */
export const sendNumbersSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  complaints: z.number().int(),
  units: z.number().int(),
  /** Attributed orders and revenue (minor units of the store's currency). */
  orders: z.number().int(),
  revenue: z.number().int(),
  open_rate: z.number(),
  click_rate: z.number(),
  unsubscribe_rate: z.number(),
});
export type SendNumbers = z.infer<typeof sendNumbersSchema>;

export const overviewTotalsSchema = sendNumbersSchema.extend({
  /** What the sends cost: units x the unit price, minor units. */
  cost: z.number().int(),
  /** Attributed revenue per unit of cost; null when nothing was spent. */
  roi: z.number().nullable(),
  new_subscribers: z.number().int(),
  lost_subscribers: z.number().int(),
  /** All paid orders of the store, marketing or not. */
  store_orders: z.number().int(),
  store_revenue: z.number().int(),
});
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

export const overviewDaySchema = z.object({
  day: z.string(),
  revenue: z.number().int(),
  orders: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewSchema = z.object({
  range: dayRangeSchema.extend({ key: dateRangeKeySchema, days: z.number().int() }),
  previous: dayRangeSchema,
  currency: z.string(),
  /** Minor units of the store's currency one unit of sending volume costs, for ROI. */
  unit_price: z.number(),
  totals: overviewTotalsSchema,
  previous_totals: overviewTotalsSchema,
  by_channel: z.array(sendNumbersSchema.extend({ channel: z.enum(['email', 'sms']) })),
  by_source: z.array(sendNumbersSchema.extend({ source: z.string() })),
  series: z.array(overviewDaySchema),
  /** Nothing was sent, ordered or signed up in the range or the one before. */
  empty: z.boolean(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const orderMoneySchema = dayRangeSchema.extend({
  currency: z.string(),
  revenue: z.number().int(),
  orders: z.number().int(),
  marketing_revenue: z.number().int(),
  marketing_orders: z.number().int(),
  series: z.array(z.object({
    day: z.string(), revenue: z.number().int(), orders: z.number().int(), marketing_revenue: z.number().int(), marketing_orders: z.number().int(),
  })),
});

export const subscribeSeriesSchema = dayRangeSchema.extend({
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
  series: z.array(z.object({ day: z.string(), subscribed: z.number().int(), unsubscribed: z.number().int() })),
});

const GOAL_MAX = 1_000_000_000_000;
export const goalsBody = z.object({
  /** Revenue from marketing, minor units. */
  revenue: z.number().int().min(0).max(GOAL_MAX),
  subscribers: z.number().int().min(0).max(1_000_000_000),
  sends: z.number().int().min(0).max(1_000_000_000),
});
export type GoalsInput = z.infer<typeof goalsBody>;

export const GOAL_RECOMMENDATIONS = ['smart_send', 'segment_send', 'popup'] as const;
export type GoalRecommendation = (typeof GOAL_RECOMMENDATIONS)[number];

export const goalsSchema = z.object({
  /** The month's first day in the store's time zone. */
  month: z.string(),
  currency: z.string(),
  days_in_month: z.number().int(),
  /** Days of the month gone by, today included. */
  days_passed: z.number().int(),
  goals: goalsBody,
  progress: goalsBody,
  /** Goals set and behind the month's pace, in the order the page shows advice for them. */
  behind: z.array(z.enum(['revenue', 'subscribers', 'sends'])),
  recommendations: z.array(z.object({ key: z.enum(GOAL_RECOMMENDATIONS), link: z.string() })),
});
export type Goals = z.infer<typeof goalsSchema>;

/** Goals and the overview from the daily rollups (/dashboard/goals, /dashboard/overview, /data/order-money, /data/subscribe). */
export const dashboardRoutes = {
  overview: defineRoute({
    method: 'GET', path: '/dashboard/overview', access: 'shop', tag: 'dashboard',
    summary: 'Marketing revenue, ROI, subscriptions and send rates for a range, against the period before', query: rangeQuery, data: overviewSchema,
  }),
  orderMoney: defineRoute({
    method: 'GET', path: '/data/order-money', access: 'shop', tag: 'dashboard',
    summary: 'Store and marketing revenue per day of a range', query: rangeQuery, data: orderMoneySchema,
  }),
  subscribe: defineRoute({
    method: 'GET', path: '/data/subscribe', access: 'shop', tag: 'dashboard',
    summary: 'Sign-ups and losses of the list per day of a range', query: rangeQuery, data: subscribeSeriesSchema,
  }),
  goals: defineRoute({
    method: 'GET', path: '/dashboard/goals', access: 'shop', tag: 'dashboard',
    summary: 'This month\'s goals, progress and advice when behind', data: goalsSchema,
  }),
  saveGoals: defineRoute({
    method: 'POST', path: '/dashboard/goals', access: 'shop', tag: 'dashboard',
    summary: 'Set this month\'s goals: marketing revenue, new subscribers, sends', body: goalsBody, data: goalsSchema,
  }),
} as const;
