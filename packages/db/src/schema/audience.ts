import { sql } from 'drizzle-orm';
import {
  bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

export type SubscriberStatus = 'subscribed' | 'unsubscribed' | 'complaint' | 'error';
export type ActivityLevel = 'S' | 'A' | 'B' | 'C';

export interface Consent {
  /** Where the permission came from: import, api, popup, manual, a platform. */
  source: string;
  at: string;
  ip?: string;
  /** Import file name, for consent given before the list came here. */
  file?: string;
  /** The pop-up a shopper signed up through (source `popup`), and its name at the time. */
  popup_id?: string;
  popup_name?: string;
}

/**
 * A person a store may mail or text. Ids are bigints so a million-row list pages by key, not by
 * offset. Purchase and engagement summaries are kept on the row (updated on ingestion) so the
 * common segment conditions are simple comparisons on one table. The activity level (S, A, B,
 * C) is derived from them when read, so it is never stale.
 */
/*
 * References kept by triggers (migration `*_import_references.sql`): subscribers.shop_id and the
 * three columns of subscriber_tags were foreign keys, and PostgreSQL checks a foreign key with
 * one query per inserted row (four per tagged subscriber), most of the time of a large import.
 * Statement-level triggers keep the same rules set-based, once per statement: inserted rows must
 * point at existing parents (subscriber and tag of the same store), which are locked FOR KEY
 * SHARE as a foreign key would, so a concurrent delete waits; deleting a store, subscriber or
 * tag deletes the rows that point at it; a subscriber never moves to another store.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    // By default rather than always: a large import takes a range of ids from the sequence and
    // writes new subscribers and their tags with COPY, without a round trip for the ids.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // References shops (on delete cascade) through statement-level triggers, not a foreign key:
    // see the note above.
    shopId: uuid('shop_id').notNull(),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    source: text('source').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull().default('subscribed'),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    consent: jsonb('consent').$type<Consent>(),
    /**
     * SMS consent, kept apart from e-mail consent: null never given, `subscribed` given (when in
     * `sms_consent`), `unsubscribed` withdrawn (a STOP reply, the admin).
     */
    smsStatus: text('sms_status').$type<'subscribed' | 'unsubscribed'>(),
    smsConsent: jsonb('sms_consent').$type<Consent>(),
    /** The store's own customer id, when the subscriber is a known customer. */
    customerRef: text('customer_ref'),
    orderCount: integer('order_count').notNull().default(0),
    /** Minor units of the store's currency. */
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    lastOpenAt: timestamp('last_open_at', { withTimezone: true }),
    lastClickAt: timestamp('last_click_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * When the subscriber left the e-mail list: set by a trigger (migration 0017) as the status
     * becomes `unsubscribed`, cleared when they subscribe again. The dashboard counts losses by it.
     */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscribers_shop_unsubscribed_idx').on(t.shopId, t.unsubscribedAt).where(sql`${t.unsubscribedAt} is not null`),
    // One index for the upsert's key and the list's e-mail prefix search (LIKE 'ab%'), which a
    // default-collation btree cannot serve unless the database collation is plain C. Pattern-ops
    // equality is byte equality, the same as the default collation's, and ON CONFLICT (shop_id,
    // email) infers it; one index less to maintain per imported row.
    uniqueIndex('subscribers_shop_email_uq').on(t.shopId, t.email.op('text_pattern_ops')),
    // Serves both phone equality (ingestion, dedupe) and the search's phone prefix; both imply
    // a phone, so rows without one (most e-mail lists) stay out of it.
    index('subscribers_shop_phone_idx').on(t.shopId, t.phone.op('text_pattern_ops')).where(sql`${t.phone} is not null`),
    // The list pages newest first by id within a store (keyset). Filtered by status, the rare
    // statuses page from the partial index below; "subscribed", most of the list, pages from
    // this one with a filter. An imported subscriber is then not written to a status index.
    index('subscribers_shop_id_idx').on(t.shopId, t.id),
    index('subscribers_shop_status_idx').on(t.shopId, t.status, t.id).where(sql`${t.status} <> 'subscribed'`),
    index('subscribers_shop_subscribed_idx').on(t.shopId, t.subscribedAt),
    // Partial: only known customers and buyers are looked up by these, and an import (which
    // writes neither) then maintains two indexes fewer per row. `customer_ref = $1` and
    // `last_order_at >= $1` imply "is not null", so the planner still uses them.
    index('subscribers_shop_customer_idx').on(t.shopId, t.customerRef).where(sql`${t.customerRef} is not null`),
    // "Purchased in the last N days" and "last order within/before N days" are ranges on this;
    // recent buyers are a small slice, so segments start from it.
    index('subscribers_shop_last_order_idx').on(t.shopId, t.lastOrderAt).where(sql`${t.lastOrderAt} is not null`),
    check('subscribers_contact_ck', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/** A label a store puts on subscribers by hand or by import. */
export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_shop_name_uq').on(t.shopId, t.name)],
);

export const subscriberTags = pgTable(
  'subscriber_tags',
  {
    // The three references (shop, subscriber of that shop, tag of that shop; each on delete
    // cascade) are kept by statement-level triggers, not foreign keys: see the note on subscribers.
    shopId: uuid('shop_id').notNull(),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.tagId] }), index('subscriber_tags_tag_idx').on(t.tagId, t.subscriberId)],
);

/** A rule-based audience (SPEC's "segment (tag)"): conditions joined by all or any. */
export const segments = pgTable(
  'segments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    match: text('match').$type<'all' | 'any'>().notNull(),
    /** Conditions as the contract's segment schema defines them. */
    conditions: jsonb('conditions').$type<unknown[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('segments_shop_name_uq').on(t.shopId, t.name)],
);

/** Customers as the store's platform knows them, by the store's own id. */
export const customers = pgTable(
  'customers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /** When the store's platform last changed this customer (its `updated_at`): an older webhook does not win. */
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }),
    /**
     * When the platform last changed this customer's e-mail and SMS marketing consent, as applied
     * here: consent has a clock of its own (its own webhook topics), and an older change loses.
     */
    emailConsentAt: timestamp('email_consent_at', { withTimezone: true }),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_shop_ext_uq').on(t.shopId, t.externalId), index('customers_shop_email_idx').on(t.shopId, t.email)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    customerRef: text('customer_ref'),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).references(() => subscribers.id, { onDelete: 'set null' }),
    email: text('email'),
    currency: text('currency').notNull(),
    /** Minor units. */
    total: bigint('total', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('paid'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** When the store's platform last changed this order (its `updated_at`, or a refund's time): an older webhook does not win. */
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }),
    /** The discount codes the shopper used, as the platform sent them (a coupon's redemption). */
    discountCodes: text('discount_codes').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_shop_ext_uq').on(t.shopId, t.externalId),
    index('orders_shop_subscriber_idx').on(t.shopId, t.subscriberId, t.placedAt),
    // The store's orders newest first: the shopper action stream and the order export.
    index('orders_shop_placed_idx').on(t.shopId, t.placedAt, t.id),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    title: text('title').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Unit price, minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Who bought a product: Element Send's matching and its exclusion of recent buyers.
    index('order_items_shop_product_idx').on(t.shopId, t.productId),
  ],
);

export type EventType = 'opened' | 'clicked' | 'purchased' | 'viewed_product' | string;

/**
 * What a subscriber did, for behaviour conditions and timelines. `type` is a small code so ten
 * million rows stay narrow; `external_id` makes ingestion idempotent.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    /** Null while the event belongs to an anonymous storefront visitor not yet joined to a subscriber. */
    subscriberId: bigint('subscriber_id', { mode: 'number' }).references(() => subscribers.id, { onDelete: 'cascade' }),
    /** The storefront script's visitor id, for events it sent. */
    visitorId: text('visitor_id'),
    type: text('type').$type<EventType>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** A product id for viewed_product and purchased; the link for clicked. */
    subject: text('subject'),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
    externalId: text('external_id'),
  },
  (t) => [
    index('events_subscriber_type_idx').on(t.subscriberId, t.type, t.occurredAt),
    index('events_shop_type_time_idx').on(t.shopId, t.type, t.occurredAt),
    uniqueIndex('events_shop_ext_uq').on(t.shopId, t.externalId),
    // Who looked at or carted a product: Element Send's matching reads a product's events by it.
    index('events_shop_product_idx').on(t.shopId, t.subject, t.occurredAt)
      .where(sql`${t.type} in ('viewed_product', 'added_to_cart') and ${t.subscriberId} is not null`),
    // A sign-up joins the visitor's anonymous events to the subscriber.
    index('events_shop_visitor_idx').on(t.shopId, t.visitorId).where(sql`${t.visitorId} is not null and ${t.subscriberId} is null`),
  ],
);

/** A token a store's own systems use to push customers, orders and events. */
export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** First characters, shown so the owner can tell tokens apart; the rest is only hashed. */
  prefix: text('prefix').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export type TransferStatus = 'in_progress' | 'completed' | 'failed';

/** Record of an import (SPEC section 4: in progress, completed) with its counts. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Where the uploaded file is kept under DATA_DIR until the import ends. */
    filePath: text('file_path').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    status: text('status').$type<TransferStatus>().notNull().default('in_progress'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    newRows: integer('new_rows').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    /** Bad rows: row number and reason key, for the downloadable report. */
    errors: jsonb('errors').$type<{ row: number; reason: string; value?: string }[]>().notNull().default([]),
    failure: text('failure'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_shop_idx').on(t.shopId, t.createdAt)],
);

export const exports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    /** What is exported: the e-mail list, or orders with their attribution (/order/export). */
    kind: text('kind').$type<'subscribers' | 'orders'>().notNull().default('subscribers'),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<TransferStatus>().notNull().default('in_progress'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    filePath: text('file_path'),
    failure: text('failure'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('exports_shop_idx').on(t.shopId, t.createdAt)],
);
