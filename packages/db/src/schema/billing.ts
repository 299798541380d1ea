import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
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
    /** starter (free allowance of a new store) or purchase. */
    kind: text('kind').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    waiting: integer('waiting').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('send_packages_shop_idx').on(t.shopId, t.expiresAt)],
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
  createdAt: createdAt(),
});
