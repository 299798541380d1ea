import { z } from 'zod';
import { ACTIVITY_LEVELS, pageSchema } from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';

/**
 * What a shopper did, as the shopper action list and the live view name it: storefront and
 * ingested events by their type, and `order` for a row of the store's orders.
 */
export const SHOPPER_ACTION_TYPES = [
  'viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout', 'opened', 'clicked', 'purchased', 'order',
] as const;
export type ShopperActionType = (typeof SHOPPER_ACTION_TYPES)[number];

/** A calendar day in the store's time zone. */
const dayString = z.string().max(10, 'errors.common.format').regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'errors.common.format');

export const shopperActionSchema = z.object({
  /** Unique in the list: `e<id>` for an event, `o<id>` for an order. */
  key: z.string(),
  type: z.string(),
  occurred_at: z.string(),
  subscriber_id: z.string().nullable(),
  visitor_id: z.string().nullable(),
  email: z.string().nullable(),
  /** The page, product, link or order id the action was about. */
  subject: z.string().nullable(),
  /** Orders: total in minor units and its currency. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
});
export type ShopperAction = z.infer<typeof shopperActionSchema>;

export const userActionQuerySchema = z.object({
  type: z.enum(SHOPPER_ACTION_TYPES).optional(),
  /** First and last day, inclusive, in the store's time zone. */
  from: dayString.optional(),
  to: dayString.optional(),
  email: z.string().trim().max(254, 'errors.common.tooLong').optional(),
  cursor: z.string().max(60).optional(),
  page_size: pageSchema.max(100).default(20),
});

export const shopperProfileSchema = z.object({
  subscriber_id: z.string().nullable(),
  visitor_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null for a visitor who never signed up. */
  status: z.string().nullable(),
  activity_level: z.enum(ACTIVITY_LEVELS).nullable(),
  order_count: z.number().int(),
  /** Minor units of the store's currency. */
  total_spent: z.number(),
  currency: z.string(),
  last_order_at: z.string().nullable(),
  first_seen_at: z.string().nullable(),
  consent: z.object({ source: z.string(), at: z.string(), popup_name: z.string().nullable() }).nullable(),
  sms_status: z.string().nullable(),
  recent: z.array(shopperActionSchema),
});
export type ShopperProfile = z.infer<typeof shopperProfileSchema>;

/** Counters of the live view: the last 30 minutes when a stream opens, then increments. */
export const LIVE_COUNTERS = ['visitors', 'sign_ups', 'cart_adds', 'orders', 'opens'] as const;
export type LiveCounter = (typeof LIVE_COUNTERS)[number];

/** The live stream is outside the contract (Server-Sent Events, not an envelope). */
export const LIVE_STREAM_PATH = '/liveview/stream';

/** The shopper action stream (/dashboard/user-action) and a shopper's profile (/people/ukey-info). */
export const liveviewRoutes = {
  userAction: defineRoute({
    method: 'GET', path: '/dashboard/user-action', access: 'shop', tag: 'dashboard',
    summary: 'Shopper actions newest first, by type, days in the store zone and e-mail, paged by cursor',
    query: userActionQuerySchema,
    data: z.object({ items: z.array(shopperActionSchema), next_cursor: z.string().nullable() }),
  }),
  ukeyInfo: defineRoute({
    method: 'GET', path: '/people/ukey-info', access: 'shop', tag: 'dashboard',
    summary: "One shopper's profile by subscriber id or storefront visitor id",
    query: z.object({
      subscriber_id: z.string().max(20).optional(),
      visitor_id: z.string().max(100).optional(),
    }),
    data: shopperProfileSchema,
  }),
} as const;

/** What the live feed shows: the events it follows, a store order, and a new subscriber. */
export const LIVE_ITEM_TYPES = [
  'viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout', 'opened', 'clicked', 'order', 'signed_up',
] as const;
export type LiveItemType = (typeof LIVE_ITEM_TYPES)[number];

/** One line of the live feed (the stream's `items` message carries a list of them). */
export interface LiveItem {
  key: string;
  type: LiveItemType;
  at: string;
  email: string | null;
  subscriber_id: string | null;
  visitor_id: string | null;
  subject: string | null;
  amount: number | null;
  currency: string | null;
  /** viewed_page only: the visitor's first page view in the last 30 minutes, so a new visitor. */
  new_visitor: boolean;
}

/** The stream's first message: the last 30 minutes' counters. */
export interface LiveSnapshot {
  counts: Record<LiveCounter, number>;
  /** The newest lines of the window, newest first, so the feed does not start empty. */
  recent: LiveItem[];
  /** When the window started (ISO time). */
  since: string;
}

/** Which counter an item moves, if any. */
export function counterOf(item: Pick<LiveItem, 'type' | 'new_visitor'>): LiveCounter | null {
  switch (item.type) {
    case 'viewed_page': return item.new_visitor ? 'visitors' : null;
    case 'signed_up': return 'sign_ups';
    case 'added_to_cart': return 'cart_adds';
    case 'order': return 'orders';
    case 'opened': return 'opens';
    default: return null;
  }
}
