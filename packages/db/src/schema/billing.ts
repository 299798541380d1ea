import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * A pack of sending volume. `remaining` counts e-mails not yet spent; `waiting` counts those
 * reserved by sends that have not gone out. Available = remaining - waiting.
 */
export const sendPackages = pgTable(
  'send_packages',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** starter (free allowance of a new store), purchase, or grant (given by the operator). */
    kind: text('kind').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    waiting: integer('waiting').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The offer it was bought as (price-book.ts); null for the starter allowance. */
    offerId: text('offer_id'),
    /** The payment that bought it; null for the starter allowance. */
    paymentId: uuid('payment_id'),
    /** Buy the same offer again a few days before it ends. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Set when the renewal of this pack was paid (the new pack is another row), so it renews once. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    /** Renewal attempts that failed, and when the last one ran (retries wait a day). */
    renewAttempts: integer('renew_attempts').notNull().default(0),
    renewAttemptedAt: timestamp('renew_attempted_at', { withTimezone: true }),
    /** Set when what was left at expiry was written off as an `expire` ledger row. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('send_packages_shop_idx').on(t.shopId, t.expiresAt),
    // One pack per payment: a payment credited twice would collide here.
    uniqueIndex('send_packages_payment_idx').on(t.paymentId),
    index('send_packages_to_expire_idx').on(t.expiresAt).where(sql`expired_at is null`),
  ],
);

/** Ledger of sending volume: recharge, consume, expire (SPEC section 4). */
export const sendPackageLogs = pgTable(
  'send_package_logs',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').notNull().references(() => sendPackages.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'recharge' | 'consume' | 'expire'>().notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('send_package_logs_shop_idx').on(t.shopId, t.createdAt)],
);

/** Membership of a store: level 0 free, 1 starter, 2 basic, 3 professional. */
export const vipServices = pgTable('vip_services', {
  id: id(),
  shopId: uuid('shop_id').notNull().unique().references(() => shops.id, { onDelete: 'cascade' }),
  level: integer('level').notNull().default(0),
  months: integer('months').notNull().default(0),
  beginAt: timestamp('begin_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
  autoRenew: boolean('auto_renew').notNull().default(false),
  /** What the running term cost, for the upgrade credit (SPEC section 9). */
  paidMinor: integer('paid_minor').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  renewAttempts: integer('renew_attempts').notNull().default(0),
  renewAttemptedAt: timestamp('renew_attempted_at', { withTimezone: true }),
  /** Set when the owner was told the term ended (once per term). */
  expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The store's customer at the payment provider and its saved card (never the number). */
export const billingAccounts = pgTable('billing_accounts', {
  shopId: uuid('shop_id').primaryKey().references(() => shops.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /** Set when the provider said the card expires soon and the owner was told. */
  expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed';
/** What a payment buys: a pack, a membership term, or the upgrade of the running term. */
export type PaymentItem =
  | { kind: 'pack'; offerId: string; quantity: number; validityDays: number; autoRenew: boolean; renewsPackageId?: string }
  | { kind: 'membership'; level: number; months: number; autoRenew: boolean; renewal?: boolean }
  | { kind: 'upgrade'; level: number; months: number };

/**
 * One charge. The provider's payment intent is created with `idempotency_key`, so a retried
 * request charges once; `status` moves to succeeded exactly once (an update guarded by the old
 * status), and only that transition credits volume or membership and issues the invoice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    item: jsonb('item').$type<PaymentItem>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    intentId: text('intent_id').unique(),
    clientSecret: text('client_secret'),
    /** The message key of a failure (errors.billing.*). */
    failureKey: text('failure_key'),
    /** Who paid from the admin; null for a renewal the worker charged. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_shop_idx').on(t.shopId, t.createdAt)],
);

/** Webhook events already handled, by the provider's event id: a second delivery does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * An invoice per succeeded payment. `number` comes from `invoice_counter` in the transaction that
 * settles the payment, so numbers have no gaps (a sequence would skip on rollback). The PDF is
 * made by a job; until then `pdf` is null and the download says it is being generated.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull().unique().references(() => payments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What was bought, as the item of the payment: named in the reader's language when shown. */
    item: jsonb('item').$type<PaymentItem>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    pdf: bytea('pdf'),
  },
  (t) => [index('invoices_shop_idx').on(t.shopId, t.issuedAt)],
);

/** The last invoice number issued on this instance (one row, id 1). */
export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey(),
  last: integer('last').notNull().default(0),
});
