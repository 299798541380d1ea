import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { subscribers } from './audience.ts';
import { shops } from './shops.ts';

export type StrategyRowStatus = 'draft' | 'pending' | 'sending' | 'completed' | 'terminated' | 'exception';
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'cancelled';

/**
 * A marketing send (Segment Send today). Its numbers are not stored here: they are counted from
 * `deliveries` when read, so a crash between sending and counting can never make them drift.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'segment' | 'element'>().notNull().default('segment'),
    name: text('name').notNull(),
    /** Subject line. */
    title: text('title').notNull().default(''),
    /** Preheader. */
    summary: text('summary').notNull().default(''),
    segmentIds: jsonb('segment_ids').$type<string[]>().notNull().default([]),
    utm: jsonb('utm').$type<{ source: string; medium: string; campaign: string }>().notNull(),
    couponId: text('coupon_id'),
    content: jsonb('content').$type<unknown>(),
    sendMode: text('send_mode').$type<'now' | 'later' | 'draft'>().notNull().default('draft'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    status: text('status').$type<StrategyRowStatus>().notNull().default('draft'),
    /** "Smart sending": leave out subscribers the store mailed within its window (shops.automation.smart_sending_hours). */
    smartSending: boolean('smart_sending').notNull().default(false),
    /** Language of the words the renderer writes into the e-mail (footer, coupon label). */
    locale: text('locale').$type<'zh-CN' | 'en-US'>().notNull().default('zh-CN'),
    /** Volume reserved when the audience was recorded (one per delivery). */
    reserved: integer('reserved').notNull().default(0),
    /** Message key of why the strategy ended in `exception`. */
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('strategies_shop_kind_idx').on(t.shopId, t.kind, t.createdAt), index('strategies_status_idx').on(t.status)],
);

/**
 * One e-mail of one strategy to one subscriber, recorded for the whole audience in one
 * statement when the send starts. Workers claim rows (FOR UPDATE SKIP LOCKED) by moving them to
 * `sending` with a lease; a worker that dies leaves its rows to be reclaimed when the lease ends.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    /**
     * The send's id in its source (a strategy, a flow step). No foreign key: sources own their
     * records, and a source deleting one deletes its deliveries.
     */
    strategyId: uuid('strategy_id').notNull(),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).references(() => subscribers.id, { onDelete: 'set null' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull().default('email'),
    /** The address of an e-mail delivery. */
    email: text('email'),
    /** The number of an SMS delivery (E.164). */
    phone: text('phone'),
    /** Sending volume this delivery holds and spends: 1 for an e-mail, more for a long SMS. */
    units: integer('units').notNull().default(1),
    /** The flow run that made it; a run gets one delivery per step. Null for a one-off send. */
    runId: bigint('run_id', { mode: 'number' }),
    /** Which version of the send's e-mail the recipient gets: an Element Send's product slot (0-5). */
    variant: smallint('variant'),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    messageId: text('message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    complainedAt: timestamp('complained_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_strategy_subscriber_uq').on(t.strategyId, t.subscriberId).where(sql`run_id is null`),
    uniqueIndex('deliveries_run_step_uq').on(t.runId, t.strategyId).where(sql`run_id is not null`),
    // A flow step's numbers (its deliveries over every run); one-off sends count through the unique index above.
    index('deliveries_flow_step_idx').on(t.strategyId).where(sql`run_id is not null`),
    // SMS status callbacks without the delivery's token find it by the provider's id; a STOP reply
    // finds every store that texted the number.
    index('deliveries_sms_message_idx').on(t.messageId).where(sql`channel = 'sms'`),
    index('deliveries_sms_phone_idx').on(t.phone).where(sql`channel = 'sms'`),
    // Claiming: the strategy's queued rows that are due, and rows in flight whose lease ended.
    index('deliveries_claim_idx').on(t.strategyId, t.nextAttemptAt).where(sql`status = 'queued'`),
    index('deliveries_inflight_idx').on(t.strategyId, t.leaseUntil).where(sql`status = 'sending'`),
    // Attribution: a subscriber's deliveries opened or clicked before an order.
    index('deliveries_subscriber_idx').on(t.subscriberId, t.strategyId),
  ],
);

/**
 * A bounce or complaint report that came back while its delivery was still in flight (`queued`
 * or `sending`: the relay had taken the mail but the outcome was not recorded yet). It is applied
 * when the outcome `sent` is recorded; one per delivery and kind, so a repeated report counts once.
 */
export const pendingFeedback = pgTable(
  'pending_feedback',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull().references(() => deliveries.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'bounce' | 'complaint'>().notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.kind] })],
);

/** Destination links of a strategy's e-mail by position: the click route redirects only to these. */
export const strategyLinks = pgTable(
  'strategy_links',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id').notNull(),
    idx: integer('idx').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.idx] })],
);

/** Server-wide settings generated once, such as the secret that signs tracking links. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
