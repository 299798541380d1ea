import { sql } from 'drizzle-orm';
import {
  bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * What the store's sends did, per day in the store's time zone, channel and kind of send
 * (`segment`, `element`, `flow`): the dashboard reads these rows, never raw deliveries. Kept equal
 * to the raw rows (see the dashboard module's README, "Dashboard numbers"). Opens, clicks and unsubscribes count
 * on the day they happened; attributed orders on the day they were placed.
 */
export const dailySendStats = pgTable(
  'daily_send_stats',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    source: text('source').notNull(),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    clicked: integer('clicked').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    complaints: integer('complaints').notNull().default(0),
    /** Sending volume spent (an e-mail 1, an SMS its segments' units). */
    units: integer('units').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    /** Minor units of the store's currency. */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.channel, t.source] })],
);

/** The list and the store's orders per day in the store's time zone: sign-ups, losses, all orders. */
export const dailyAudienceStats = pgTable(
  'daily_audience_stats',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subscribed: integer('subscribed').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/** Days whose rollups a write changed and the rollup job has not recounted yet. */
export const statsDirtyDays = pgTable(
  'stats_dirty_days',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/** Monthly goals (/dashboard/goals): the month's first day in the store's time zone. */
export const dashboardGoals = pgTable(
  'dashboard_goals',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    /** Revenue attributed to marketing, minor units. */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    subscribers: integer('subscribers').notNull().default(0),
    sends: integer('sends').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.month] })],
);

export type DiscountStrength = 'large' | 'medium' | 'small';

/** A plan of the marketing calendar (SPEC sections 1, 3, 5). */
export const marketingPlans = pgTable(
  'marketing_plans',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    holiday: text('holiday').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    audience: text('audience').notNull().default(''),
    offer: text('offer').notNull().default(''),
    strength: text('strength').$type<DiscountStrength>().notNull().default('medium'),
    remarks: text('remarks').notNull().default(''),
    /** The Segment Send the plan started, if any. */
    strategyId: uuid('strategy_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('marketing_plans_shop_day_idx').on(t.shopId, t.startsOn)],
);

/** What users of the admin did in a store (/data/activity-logs): who sent, changed, deleted what. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** The e-mail of the user at the time, kept if the account goes. */
    actor: text('actor').notNull().default(''),
    /** A message key under `notices.activity.*`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    targetName: text('target_name').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_logs_shop_time_idx').on(t.shopId, sql`${t.createdAt} desc`, sql`${t.id} desc`)],
);
