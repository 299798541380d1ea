import {
  bigint, index, integer, pgTable, primaryKey, real, smallint, text, timestamp, uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { shops } from './shops.ts';
import { strategies } from './sending.ts';

/** SPEC section 4: querying products, calculating audience, then done or failed. */
export type ElementSlotStatus = 'pending' | 'querying' | 'calculating' | 'done' | 'failed';

/**
 * The six products of an Element Send (`strategies.kind = 'element'`), one row per slot 0-5, and
 * the state of matching each to its shoppers. `attempt` grows on every (re)start of the slot, so
 * a matching job that was overtaken by a retry or a change writes nothing.
 */
export const strategyElements = pgTable(
  'strategy_elements',
  {
    strategyId: uuid('strategy_id').notNull().references(() => strategies.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'set null' }),
    status: text('status').$type<ElementSlotStatus>().notNull().default('pending'),
    /** Message key of why the slot failed ('errors.element.queryTimeout', …). */
    failure: text('failure'),
    /** Shoppers scored for this product before each shopper is kept for one product only. */
    candidates: integer('candidates').notNull().default(0),
    /** Shoppers this product was matched to in the end. */
    matched: integer('matched').notNull().default(0),
    attempt: integer('attempt').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.slot] })],
);

/**
 * Every shopper a slot's product scored, with the score (see the
 * element-send module's README, "The rule"). Rewritten per slot, so one product can be retried or changed alone.
 */
export const elementCandidates = pgTable(
  'element_candidates',
  {
    strategyId: uuid('strategy_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    slot: smallint('slot').notNull(),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull(),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.slot, t.subscriberId] })],
);

/**
 * The outcome of matching: each shopper kept for the one product they scored highest for. The
 * send records its deliveries from here, the product slot as the delivery's `variant`.
 */
export const elementMatches = pgTable(
  'element_matches',
  {
    strategyId: uuid('strategy_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    score: real('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.subscriberId] }),
    index('element_matches_slot_idx').on(t.strategyId, t.slot, t.score),
  ],
);
