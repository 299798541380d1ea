import { z } from 'zod';
import { isoDateTimeSchema } from '../rules/date-time.ts';
import { pageSchema } from '../rules/segment.ts';
import { INT4_MAX } from '../rules/safe-input.ts';
import { defineRoute } from './define-route.ts';
import { ingestResultSchema } from './ingest.ts';

/**
 * The product catalogue: pushed by the store's systems through the ingestion API (and, later, the
 * platform connectors), idempotent by the store's product id; read by the admin's product list,
 * the e-mail editor's product blocks and Element Send. Money is in minor units of `currency`.
 */
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const imageUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ingestVariantSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(300).default(''),
  sku: z.string().max(100).default(''),
  price: money,
  compare_at_price: money.nullable().optional(),
  /** Units in stock; omitted when the store does not track stock. */
  stock: z.number().int().min(-INT4_MAX).max(INT4_MAX).nullable().optional(),
});

export const ingestProductSchema = z.object({
  /** The store's product id. */
  id: z.string().min(1).max(100),
  handle: z.string().max(255).default(''),
  title: z.string().trim().min(1).max(300),
  /** The product page on the storefront. */
  url: z.union([z.url({ protocol: /^https?$/ }).max(2000), z.literal('')]).default(''),
  images: z.array(imageUrl).max(20).default([]),
  currency: z.string().length(3),
  /** Defaults to the lowest variant price; required without variants. */
  price: money.optional(),
  compare_at_price: money.nullable().optional(),
  collection: z.string().max(255).nullable().optional(),
  tags: z.array(z.string().max(100)).max(50).default([]),
  /** Defaults to the sum of the variants' stock when they track it. */
  stock: z.number().int().min(-INT4_MAX).max(INT4_MAX).nullable().optional(),
  status: z.enum(PRODUCT_STATUSES).default('active'),
  variants: z.array(ingestVariantSchema).max(100).default([]),
  updated_at: isoDateTimeSchema().optional(),
});
export type IngestProduct = z.input<typeof ingestProductSchema>;

/** A product as the admin shows it and the e-mail renders it. */
export const productSummarySchema = z.object({
  /** The store's product id. */
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  currency: z.string(),
  collection: z.string().nullable(),
  tags: z.array(z.string()),
  stock: z.number().int().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  variants: z.number().int(),
  updated_at: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** One product ID or handle: Element Send searches one at a time (SPEC section 5). */
export const productRefSchema = z
  .string()
  .trim()
  .min(1, { error: 'errors.catalogue.refRequired' })
  .max(255, { error: 'errors.catalogue.notFound' })
  .refine((v) => !/[\s,;，；]/.test(v), { error: 'errors.catalogue.oneAtATime' });

/**
 * The blocked-product list (the campaign centre's toolbox): products never promoted or discounted
 * by a campaign or a recommendation. A call names up to `perCall` of the store's product ids; a
 * store keeps at most `perStore`, which bounds the list's search and every query that skips them.
 */
export const BLOCKED_PRODUCTS = { perCall: 100, perStore: 5_000 } as const;

const blockedIdsSchema = z.array(z.string().trim().min(1).max(100)).min(1).max(BLOCKED_PRODUCTS.perCall);

export const blockedProductSchema = productSummarySchema.extend({ blocked_at: z.string() });
export type BlockedProduct = z.infer<typeof blockedProductSchema>;

export const catalogueRoutes = {
  ingest: defineRoute({
    method: 'POST', path: '/public/v1/products', access: 'api-token', tag: 'ingest',
    summary: 'Upsert up to 500 products with their variants by the store\'s product id',
    body: z.object({ products: z.array(ingestProductSchema).min(1).max(500) }), data: ingestResultSchema,
  }),
  list: defineRoute({
    method: 'GET', path: '/product/list', access: 'shop', tag: 'catalogue',
    summary: 'The store\'s products, paged on the server; q searches the id, handle and title prefix',
    query: z.object({
      q: z.string().trim().max(255).default(''),
      collection: z.string().max(255).default(''),
      status: z.enum(PRODUCT_STATUSES).optional(),
      page: pageSchema.default(1),
      page_size: pageSchema.max(100).default(20),
    }),
    data: z.object({ items: z.array(productSummarySchema), total: z.number().int() }),
  }),
  find: defineRoute({
    method: 'GET', path: '/product/find', access: 'shop', tag: 'catalogue',
    summary: 'One product by its id or handle ("Product ID/Handle not found." otherwise)',
    query: z.object({ ref: productRefSchema }),
    data: productSummarySchema,
  }),
  blockedList: defineRoute({
    method: 'GET', path: '/product/blocked-list', access: 'shop', tag: 'catalogue',
    summary: 'The store\'s blocked products, last blocked first, paged on the server; q searches the title (any part, any case) or the id',
    query: z.object({
      q: z.string().trim().max(255).default(''),
      page: pageSchema.default(1),
      page_size: pageSchema.max(100).default(20),
    }),
    data: z.object({ items: z.array(blockedProductSchema), total: z.number().int() }),
  }),
  block: defineRoute({
    method: 'POST', path: '/product/block', access: 'shop', tag: 'catalogue',
    summary: 'Put products of the store\'s own catalogue on the blocked list (already there: kept); an id not in the catalogue refuses the call',
    body: z.object({ product_ids: blockedIdsSchema }),
    data: z.object({ added: z.number().int(), total: z.number().int() }),
  }),
  unblock: defineRoute({
    method: 'POST', path: '/product/unblock', access: 'shop', tag: 'catalogue',
    summary: 'Take products off the blocked list; ids not on it are ignored',
    body: z.object({ product_ids: blockedIdsSchema }),
    data: z.object({ removed: z.number().int() }),
  }),
} as const;
