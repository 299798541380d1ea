import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

export type PlatformDiscountStatus = 'created' | 'failed';

/**
 * A store's coupon code as created on its platform (one row per store, platform and code): the
 * platform's discount id once it exists, or why it failed and when to try again. The code is kept
 * upper-cased, as platforms compare codes without case.
 */
export const platformDiscounts = pgTable(
  'platform_discounts',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    code: text('code').notNull(),
    /** The discount the code was created with (0-100, percent off). */
    discount: doublePrecision('discount').notNull(),
    /** The platform's id, as `gid://shopify/DiscountCodeNode/1`; null until created. */
    platformId: text('platform_id'),
    status: text('status').$type<PlatformDiscountStatus>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_discounts_code_uq').on(t.shopId, t.platform, t.code),
    index('platform_discounts_retry_idx').on(t.status, t.retryAt),
  ],
);
