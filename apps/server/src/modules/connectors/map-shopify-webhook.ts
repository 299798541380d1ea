import { findCurrency } from '@storecast/contract';
import type { PlatformConsent } from '../ingest/index.ts';

/**
 * What one Shopify webhook asks of the store, worked out from its payload (the REST Admin API's
 * JSON shapes) without touching the database. Records become the ingestion API's items, so they
 * go through the same writers and checks as a store's own systems; nothing here trusts a type:
 * a field of the wrong type is left out, and the writer's schema refuses what is then missing.
 * Shopify's numeric ids are kept as text (`"450789469"`), the ingestion API's external ids.
 */
// Consent as a platform states it is the batch writer's input too, so it is declared there.
export type { PlatformConsent };

export type WebhookAction =
  | { kind: 'customer'; item: Record<string, unknown>; id: string; updatedAt: Date | null; consent: PlatformConsent }
  | { kind: 'order'; item: Record<string, unknown>; id: string; updatedAt: Date | null }
  | { kind: 'product'; item: Record<string, unknown>; id: string; updatedAt: Date | null }
  | { kind: 'checkout'; item: Record<string, unknown> }
  /** A consent change alone (API 2025-01 and later send consent apart from the customer). */
  | { kind: 'consent'; id: string; email?: string; phone?: string; consent: PlatformConsent }
  | { kind: 'refund'; orderId: string; amount: number; at: Date }
  | { kind: 'delete-customer'; id: string }
  | { kind: 'delete-product'; id: string }
  | { kind: 'uninstall' }
  | { kind: 'data-request'; customerId: string | null; email: string | null; phone: string | null; requestId: string | null }
  | { kind: 'redact-customer'; customerId: string | null; email: string | null; phone: string | null; orderIds: string[] }
  | { kind: 'redact-shop' }
  /** Changes nothing, with the reason recorded (a topic not applied, an order not paid yet). */
  | { kind: 'skip'; reason: string };

type Json = Record<string, unknown>;

/** `payload` is the parsed body; `currency` the store's, for amounts a payload gives without one. */
export function mapShopifyWebhook(topic: string, payload: Json, currency: string): WebhookAction {
  switch (topic) {
    case 'customers/create':
    case 'customers/update':
      return { kind: 'customer', item: customerItem(payload), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at), consent: consentOf(payload) };
    case 'customers_email_marketing_consent/update': {
      const c = obj(payload.email_marketing_consent);
      return {
        kind: 'consent', id: idOf(payload.customer_id), email: str(payload.email_address) || undefined,
        consent: { email: consentStateOf(c.state), emailAt: timeOf(c.consent_updated_at), smsAt: null },
      };
    }
    case 'customers_marketing_consent/update': {
      const c = obj(payload.sms_marketing_consent);
      return {
        kind: 'consent', id: idOf(payload.id), phone: str(payload.phone) || undefined,
        consent: { sms: consentStateOf(c.state), smsAt: timeOf(c.consent_updated_at), emailAt: null },
      };
    }
    case 'customers/delete':
      return { kind: 'delete-customer', id: idOf(payload.id) };
    case 'orders/create':
    case 'orders/updated':
    case 'orders/paid':
    case 'orders/cancelled':
      return orderAction(payload, currency);
    case 'refunds/create':
      return refundAction(payload, currency);
    case 'checkouts/create':
    case 'checkouts/update':
      return checkoutAction(payload);
    case 'products/create':
    case 'products/update':
      return { kind: 'product', item: productItem(payload, currency), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at) };
    case 'products/delete':
      return { kind: 'delete-product', id: idOf(payload.id) };
    case 'app/uninstalled':
      return { kind: 'uninstall' };
    case 'customers/data_request': {
      const c = obj(payload.customer);
      if (idOrNull(c.id) === null && !str(c.email)) return { kind: 'skip', reason: 'data request names no customer' };
      return {
        kind: 'data-request', customerId: idOrNull(c.id), email: str(c.email) ?? null, phone: str(c.phone) ?? null,
        requestId: idOrNull(obj(payload.data_request).id),
      };
    }
    case 'customers/redact': {
      const c = obj(payload.customer);
      const orderIds = Array.isArray(payload.orders_to_redact) ? payload.orders_to_redact.map(idOrNull).filter((x) => x !== null) : [];
      if (idOrNull(c.id) === null && !str(c.email)) return { kind: 'skip', reason: 'redact names no customer' };
      return { kind: 'redact-customer', customerId: idOrNull(c.id), email: str(c.email) ?? null, phone: str(c.phone) ?? null, orderIds };
    }
    case 'shop/redact':
      return { kind: 'redact-shop' };
    default:
      return { kind: 'skip', reason: `topic ${topic.slice(0, 100)} is not applied` };
  }
}

/**
 * A customer. Since API 2025-01 Shopify leaves consent out of customer payloads and sends it by
 * the two consent topics; a payload that has it (an older version, or `include_fields`) is read.
 */
function customerItem(c: Json): Json {
  const emailConsent = str(obj(c.email_marketing_consent).state);
  return {
    id: idOf(c.id),
    email: str(c.email),
    // Shopify keeps the phone on the customer, or only on the default address.
    phone: str(c.phone) ?? str(obj(c.default_address).phone),
    first_name: str(c.first_name),
    last_name: str(c.last_name),
    // `pending` is a double opt-in not confirmed yet: not consent.
    accepts_marketing: emailConsent === 'subscribed',
    sms_consent: smsConsentOf(obj(c.sms_marketing_consent).state),
    created_at: isoOf(c.created_at),
  };
}

function orderAction(o: Json, shopCurrency: string): WebhookAction {
  const financial = str(o.financial_status);
  const status = o.cancelled_at ? 'cancelled' : financial === 'refunded' ? 'refunded' : financial === 'voided' ? 'cancelled'
    : financial === 'paid' || financial === 'partially_paid' || financial === 'partially_refunded' ? 'paid' : null;
  // Not paid yet (pending, authorized): orders/paid brings it when it is.
  if (!status) return { kind: 'skip', reason: `order not paid yet (${String(financial).slice(0, 30)})` };
  const currency = str(o.currency) ?? shopCurrency;
  const lines = Array.isArray(o.line_items) ? o.line_items.map(obj) : [];
  const item = {
    id: idOf(o.id),
    customer_id: idOrNull(obj(o.customer).id) ?? undefined,
    email: str(o.email) || str(o.contact_email) || undefined,
    currency,
    // The current total has refunds and edits taken off; the order's first total otherwise.
    total: minorOf(o.current_total_price ?? o.total_price, currency),
    status,
    placed_at: isoOf(o.processed_at) ?? isoOf(o.created_at),
    // The codes used (a coupon's redemption); the order writer checks each.
    ...(Array.isArray(o.discount_codes) ? { discount_codes: codesOf(o.discount_codes.map((d) => obj(d).code)) } : {}),
    items: lines.map((l) => ({
      // A custom line has no product: it is named by the line's own id.
      product_id: idOrNull(l.product_id) ?? `line-${idOf(l.id)}`,
      title: str(l.title) ?? '',
      quantity: l.quantity,
      price: minorOf(l.price, currency),
    })),
  };
  return { kind: 'order', item, id: item.id, updatedAt: timeOf(o.updated_at) };
}

/** The money a refund gave back: its successful refund transactions, else its lines' totals. */
function refundAction(r: Json, shopCurrency: string): WebhookAction {
  const orderId = idOrNull(r.order_id);
  const at = timeOf(r.processed_at) ?? timeOf(r.created_at);
  if (!orderId || !at) return { kind: 'skip', reason: 'refund without its order or time' };
  const transactions = (Array.isArray(r.transactions) ? r.transactions.map(obj) : [])
    .filter((t) => t.kind === 'refund' && (t.status === undefined || t.status === 'success'));
  let amount = 0;
  if (transactions.length) {
    for (const t of transactions) amount += minorOf(t.amount, str(t.currency) ?? shopCurrency) ?? 0;
  } else {
    for (const l of Array.isArray(r.refund_line_items) ? r.refund_line_items.map(obj) : []) {
      amount += (minorOf(l.subtotal, shopCurrency) ?? 0) + (minorOf(l.total_tax, shopCurrency) ?? 0);
    }
  }
  return { kind: 'refund', orderId, amount, at };
}

/** A checkout is the ingestion API's `started_checkout` event: abandoned-checkout flows start from it. */
function checkoutAction(c: Json): WebhookAction {
  if (c.completed_at) return { kind: 'skip', reason: 'checkout completed' };
  const token = str(c.token) ?? idOrNull(c.id);
  if (!token) return { kind: 'skip', reason: 'checkout without token' };
  const lines = Array.isArray(c.line_items) ? c.line_items.map(obj) : [];
  return {
    kind: 'checkout',
    item: {
      // One event per checkout: its updates add nothing, the flow is started once.
      id: `checkout-${token}`.slice(0, 100),
      email: str(c.email) || undefined,
      customer_id: idOrNull(obj(c.customer).id) ?? undefined,
      type: 'started_checkout',
      occurred_at: isoOf(c.created_at) ?? isoOf(c.updated_at),
      properties: {
        checkout_url: str(c.abandoned_checkout_url) ?? '',
        total_price: str(c.total_price) ?? '',
        currency: str(c.currency) ?? '',
        product_ids: lines.map((l) => idOrNull(l.product_id)).filter((x) => x !== null).slice(0, 50),
      },
    },
  };
}

function productItem(p: Json, currency: string): Json {
  const variants = Array.isArray(p.variants) ? p.variants.map(obj) : [];
  const images = Array.isArray(p.images) ? p.images.map((i) => str(obj(i).src)).filter((x) => x !== undefined) : [];
  const tags = typeof p.tags === 'string' ? p.tags.split(',').map((t) => t.trim()).filter(Boolean) : p.tags;
  const handle = str(p.handle);
  return {
    id: idOf(p.id),
    handle,
    title: p.title,
    images,
    currency,
    collection: str(p.product_type) || null,
    tags,
    status: p.status,
    updated_at: isoOf(p.updated_at),
    variants: variants.map((v) => ({
      id: idOf(v.id),
      title: str(v.title) ?? '',
      sku: str(v.sku) ?? '',
      price: minorOf(v.price, currency),
      compare_at_price: v.compare_at_price == null ? null : minorOf(v.compare_at_price, currency),
      // Stock counts only where Shopify tracks it.
      stock: v.inventory_management === 'shopify' && typeof v.inventory_quantity === 'number' ? v.inventory_quantity : null,
    })),
  };
}

/**
 * Shopify's consent states: `subscribed` given; `unsubscribed` (or `redacted`) withdrawn; never
 * asked (`not_subscribed`), an unconfirmed double opt-in (`pending`) or unknown say nothing.
 */
function consentStateOf(state: unknown): boolean | undefined {
  if (state === 'subscribed') return true;
  return state === 'unsubscribed' || state === 'redacted' ? false : undefined;
}
const smsConsentOf = consentStateOf;

/** The consent a customer payload carries (older API versions, `include_fields`), timed by its own clock. */
function consentOf(c: Json): PlatformConsent {
  const email = obj(c.email_marketing_consent);
  const sms = obj(c.sms_marketing_consent);
  const updated = timeOf(c.updated_at);
  return {
    email: consentStateOf(email.state), sms: consentStateOf(sms.state),
    emailAt: timeOf(email.consent_updated_at) ?? updated, smsAt: timeOf(sms.consent_updated_at) ?? updated,
  };
}

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** Discount codes as the order writer takes them: a code too long for any platform is dropped, not the order. */
const codesOf = (list: unknown[]): string[] => list.filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 255).slice(0, 50);

/** Shopify's ids are integers; one sent as a string is taken too. Anything else is no id. */
function idOrNull(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^\d{1,20}$/.test(v)) return v;
  return null;
}
/** An id the writers refuse (empty) when there is none. */
const idOf = (v: unknown): string => idOrNull(v) ?? '';

function timeOf(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}
/** Shopify writes offsets (`-05:00`); the writers take any ISO time with its offset. */
const isoOf = (v: unknown): string | undefined => timeOf(v)?.toISOString();

/** `"19.99"` in `currency` as minor units (1999); undefined when it is no amount. */
export function minorOf(v: unknown, currency: string): number | undefined {
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,15}(\.\d{1,6})?$/.test(text)) return undefined;
  const decimals = findCurrency(currency.toUpperCase())?.decimals ?? 2;
  return Math.round(Number(text) * 10 ** decimals);
}
