import { z } from 'zod';
import { attributesSchema } from '../rules/attributes.ts';
import { isoDateTimeSchema } from '../rules/date-time.ts';
import { INT4_MAX } from '../rules/safe-input.ts';
import { defineRoute } from './define-route.ts';

/**
 * The store's own systems push data with a store API token (`Authorization: Bearer sk_...`),
 * idempotent by the store's own ids: sending the same record twice changes nothing.
 */
const when = isoDateTimeSchema();
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const ingestCustomerSchema = z.object({
  id: z.string().min(1).max(100),
  email: z.string().max(254).optional(),
  phone: z.string().max(30).optional(),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  /** Whether the customer agreed to marketing; true creates or keeps a subscriber. */
  accepts_marketing: z.boolean().default(false),
  /** SMS consent, apart from e-mail: true texts the customer's phone, false withdraws it. */
  sms_consent: z.boolean().optional(),
  attributes: attributesSchema.optional(),
  created_at: when.optional(),
});

export const ingestOrderSchema = z.object({
  id: z.string().min(1).max(100),
  customer_id: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  currency: z.string().length(3),
  /** Minor units. */
  total: money,
  status: z.enum(['paid', 'refunded', 'cancelled']).default('paid'),
  placed_at: when,
  /** The discount codes the shopper used; left out, the stored ones are kept. */
  discount_codes: z.array(z.string().min(1).max(255)).max(50).optional(),
  items: z.array(z.object({
    product_id: z.string().min(1).max(100),
    title: z.string().max(300).default(''),
    quantity: z.number().int().min(1).max(INT4_MAX),
    price: money,
  })).max(500).default([]),
});

export const ingestEventSchema = z.object({
  id: z.string().min(1).max(100),
  email: z.string().max(254).optional(),
  customer_id: z.string().max(100).optional(),
  type: z.enum(['opened', 'clicked', 'viewed_product', 'added_to_cart', 'started_checkout']),
  occurred_at: when,
  subject: z.string().max(300).optional(),
  properties: z.record(z.string().max(100), z.unknown()).optional(),
});

/** What every ingestion batch answers: counts, and the items refused by their index in the batch. */
export const ingestResultSchema = z.object({
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

export const ingestRoutes = {
  customers: defineRoute({
    method: 'POST', path: '/public/v1/customers', access: 'api-token', tag: 'ingest',
    summary: 'Upsert up to 1,000 customers by the store\'s id',
    body: z.object({ customers: z.array(ingestCustomerSchema).min(1).max(1000) }), data: ingestResultSchema,
  }),
  orders: defineRoute({
    method: 'POST', path: '/public/v1/orders', access: 'api-token', tag: 'ingest',
    summary: 'Upsert up to 1,000 orders with line items by the store\'s id',
    body: z.object({ orders: z.array(ingestOrderSchema).min(1).max(1000) }), data: ingestResultSchema,
  }),
  events: defineRoute({
    method: 'POST', path: '/public/v1/events', access: 'api-token', tag: 'ingest',
    summary: 'Record up to 1,000 shopper events; an id already seen is ignored',
    body: z.object({ events: z.array(ingestEventSchema).min(1).max(1000) }), data: ingestResultSchema,
  }),
} as const;

export const apiTokenRoutes = {
  list: defineRoute({
    method: 'GET', path: '/shop/api-token/list', access: 'shop', tag: 'ingest',
    summary: 'The store\'s API tokens (prefix only)',
    data: z.array(z.object({
      id: z.string(), name: z.string(), prefix: z.string(), created_at: z.string(), last_used_at: z.string().nullable(), revoked: z.boolean(),
    })),
  }),
  create: defineRoute({
    method: 'POST', path: '/shop/api-token/create', access: 'shop', ownerOnly: true, tag: 'ingest',
    summary: 'Create a token; the full token is returned once',
    body: z.object({ name: z.string().trim().min(1, { error: 'errors.apiToken.nameRequired' }).max(50) }),
    data: z.object({ id: z.string(), token: z.string() }),
  }),
  revoke: defineRoute({
    method: 'POST', path: '/shop/api-token/revoke', access: 'shop', ownerOnly: true, tag: 'ingest',
    summary: 'Revoke a token', body: z.object({ id: z.string().max(50) }), data: z.null(),
  }),
} as const;
