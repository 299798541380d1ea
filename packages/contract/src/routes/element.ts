import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { pageSchema } from '../rules/segment.ts';
import { productRefSchema, productSummarySchema } from './catalogue.ts';
import { defineRoute } from './define-route.ts';

/**
 * Element Send: exactly six products, each matched to the shoppers most likely to buy it
 * (SPEC sections 4, 5, 8). An Element Send is a strategy of kind `element`; its content, send
 * mode, states and report go through the strategy routes like a Segment Send's. These routes
 * choose the products and run the matching.
 */
export const ELEMENT_SLOT_STATUSES = ['pending', 'querying', 'calculating', 'done', 'failed'] as const;
export type ElementSlotStatus = (typeof ELEMENT_SLOT_STATUSES)[number];

/** The whole matching: idle before it first starts, then running, done or failed. */
export const ELEMENT_MATCH_STATUSES = ['idle', 'running', 'done', 'failed'] as const;
export type ElementMatchStatus = (typeof ELEMENT_MATCH_STATUSES)[number];

/** Six product ids or handles, none twice (SPEC section 5: exactly 6). */
export const elementProductsSchema = z
  .array(productRefSchema)
  .length(LIMITS.elementSendProducts, { error: 'errors.element.sixProducts' })
  .refine((refs) => new Set(refs.map((r) => r.toLowerCase())).size === refs.length, { error: 'errors.element.duplicate' });

export const elementSlotSchema = z.object({
  /** 0-5; shown to people as No.1-No.6. */
  slot: z.number().int(),
  product: productSummarySchema.nullable(),
  status: z.enum(ELEMENT_SLOT_STATUSES),
  /** Why the slot failed, translated, with its key. */
  failure: z.object({ key: z.string(), msg: z.string() }).nullable(),
  /** Shoppers scored for the product before each shopper is kept for one product. */
  candidates: z.number().int(),
  /** Shoppers matched to the product in the end: who gets its e-mail. */
  matched: z.number().int(),
});
export type ElementSlot = z.infer<typeof elementSlotSchema>;

export const elementMatchStateSchema = z.object({
  strategy_id: z.string(),
  status: z.enum(ELEMENT_MATCH_STATUSES),
  /** Products whose matching is done, out of 6. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  slots: z.array(elementSlotSchema),
  /** Shoppers matched over the six products. */
  matched_total: z.number().int(),
  /** "Element matching failed (x/6)", translated, when the matching failed. */
  message: z.string().nullable(),
  /** Sending is allowed: matching done and no product matched to nobody ("Matching email cannot be 0."). */
  can_send: z.boolean(),
});
export type ElementMatchState = z.infer<typeof elementMatchStateSchema>;

export const elementMatchRowSchema = z.object({
  subscriber_id: z.number().int(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  /** Higher is likelier; relative within one Element Send. */
  score: z.number(),
});

const strategyId = z.string().min(1).max(50);

export const elementRoutes = {
  match: defineRoute({
    method: 'POST', path: '/element/match', access: 'shop', feature: 'elementSend', tag: 'element',
    summary: 'Choose the six products of an Element Send (a new draft without id) and start matching them',
    body: z.object({
      id: strategyId.optional(),
      name: z.string().trim().min(1, { error: 'errors.strategy.nameRequired' }).max(60, { error: 'errors.strategy.nameTooLong' }).optional(),
      products: elementProductsSchema,
    }),
    data: elementMatchStateSchema,
  }),
  state: defineRoute({
    method: 'GET', path: '/element/match-state', access: 'shop', tag: 'element',
    summary: 'Matching progress out of six, per product, and whether the send may go',
    query: z.object({ id: strategyId }),
    data: elementMatchStateSchema,
  }),
  retry: defineRoute({
    method: 'POST', path: '/element/retry', access: 'shop', tag: 'element',
    summary: 'Match the failed products again',
    body: z.object({ id: strategyId }),
    data: elementMatchStateSchema,
  }),
  change: defineRoute({
    method: 'POST', path: '/element/change', access: 'shop', tag: 'element',
    summary: 'Replace one product (slot 0-5) and match it; the others keep their shoppers',
    body: z.object({ id: strategyId, slot: z.number().int().min(0).max(LIMITS.elementSendProducts - 1), product: productRefSchema }),
    data: elementMatchStateSchema,
  }),
  matches: defineRoute({
    method: 'GET', path: '/element/matches', access: 'shop', tag: 'element',
    summary: 'The shoppers one product was matched to, best first, paged on the server',
    query: z.object({
      id: strategyId,
      slot: z.coerce.number().int().min(0).max(LIMITS.elementSendProducts - 1),
      page: pageSchema.default(1),
      page_size: pageSchema.max(100).default(20),
    }),
    data: z.object({ items: z.array(elementMatchRowSchema), total: z.number().int() }),
  }),
} as const;
