import { sql } from 'drizzle-orm';
import {
  bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

export type ProductStatus = 'active' | 'draft' | 'archived';

/**
 * The store's product catalogue, pushed by the store's systems (ingestion API) and later by the
 * platform connectors, idempotent by the store's own product id (`external_id`). Order line items
 * and shopper events name products by that id, so they join on `(shop_id, external_id)`.
 * Money is in minor units of `currency`; `price` is the lowest variant price.
 */
export const products = pgTable(
  'products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    /** The store's product id ("Product ID" in the Element Send search). */
    externalId: text('external_id').notNull(),
    /** The URL handle ("Product handle"); unique in practice, not enforced (platforms differ). */
    handle: text('handle').notNull().default(''),
    title: text('title').notNull(),
    /** The product page on the storefront: where the e-mail's button leads. */
    url: text('url').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    price: bigint('price', { mode: 'number' }).notNull(),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** The main collection; Element Send's matching counts interest in its other products. */
    collection: text('collection'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Units in stock over the variants; null when the store does not track stock. */
    stock: integer('stock'),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    /** When the store's platform last changed this product (its `updated_at`): an older webhook does not win. */
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_shop_ext_uq').on(t.shopId, t.externalId),
    index('products_shop_handle_idx').on(t.shopId, sql`lower(${t.handle})`),
    index('products_shop_collection_idx').on(t.shopId, t.collection).where(sql`${t.collection} is not null`),
    index('products_shop_title_idx').on(t.shopId, sql`lower(${t.title}) text_pattern_ops`),
    index('products_shop_updated_idx').on(t.shopId, t.updatedAt, t.id),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull().default(''),
    sku: text('sku').notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull(),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    stock: integer('stock'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('product_variants_product_ext_uq').on(t.productId, t.externalId)],
);

/**
 * The store's blocked products (the campaign centre's toolbox): never promoted or discounted by a
 * campaign or a recommendation. One row per store and product; the product's own row going takes
 * it off the list. Keyed store first, so "is this product blocked" is one index probe inside the
 * queries that choose products.
 */
export const blockedProducts = pgTable(
  'blocked_products',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.productId] }), index('blocked_products_shop_created_idx').on(t.shopId, t.createdAt)],
);
