import { minorOf, type PlatformConsent, type WebhookAction } from './map-shopify-webhook.ts';

/**
 * What one Shoplazza webhook asks of the store, from its payload (the OpenAPI 2025-06 JSON, the
 * same shapes its lists give, so the first sync maps records with these functions too). Records
 * become the ingestion API's items and go through the same writers as Shopify's; nothing here
 * trusts a field's type. Shoplazza's ids are UUIDs, kept as text.
 */
type Json = Record<string, unknown>;

/** The key a topic's record is wrapped in (`{"product": {…}}`, as Shoplazza's webhook reference shows). */
const WRAPPERS: Record<string, string> = { customers: 'customer', orders: 'order', products: 'product', checkouts: 'checkout' };

export function mapShoplazzaWebhook(topic: string, body: Json, currency: string): WebhookAction {
  // Taken wrapped or bare: the reference shows products wrapped and is silent on some topics.
  const wrapper = WRAPPERS[topic.split('/')[0] ?? ''];
  const inner = wrapper && body.id === undefined ? body[wrapper] : undefined;
  const payload = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Json) : body;
  switch (topic) {
    case 'customers/create':
    case 'customers/update':
      return {
        kind: 'customer', item: shoplazzaCustomerItem(payload), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at),
        consent: shoplazzaConsentOf(payload),
      };
    case 'customers/delete':
      return { kind: 'delete-customer', id: idOf(payload.id) };
    // Shoplazza's webhook overview names `orders/update`, its other pages `orders/updated`: both are taken.
    case 'orders/create':
    case 'orders/update':
    case 'orders/updated':
    case 'orders/paid':
    case 'orders/cancelled':
    case 'orders/refunded':
      return orderAction(payload, currency);
    case 'checkouts/create':
    case 'checkouts/update':
      return checkoutAction(payload);
    case 'products/create':
    case 'products/update':
      return { kind: 'product', item: shoplazzaProductItem(payload, currency), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at) };
    case 'products/delete':
      return { kind: 'delete-product', id: idOf(payload.id) };
    case 'app/uninstalled':
      return { kind: 'uninstall' };
    default:
      return { kind: 'skip', reason: `topic ${topic.slice(0, 100)} is not applied` };
  }
}

/**
 * Consent: `subscribed_flag` (and `sms_subscribed_flag`) 3 or 4 is subscribed by the store or the
 * shopper, 1 or 2 unsubscribed; older payloads give `accepts_marketing` or `subscribed` (1) for
 * e-mail only. An SMS flag that says neither leaves the number as it is.
 */
export function shoplazzaCustomerItem(c: Json): Json {
  const consent = shoplazzaConsentOf(c);
  return {
    id: idOf(c.id),
    email: str(c.email) || undefined,
    phone: str(c.phone) || undefined,
    first_name: str(c.first_name),
    last_name: str(c.last_name),
    accepts_marketing: consent.email === true,
    sms_consent: consent.sms,
    created_at: isoOf(c.created_at),
  };
}

/**
 * The flags' states (Customer Properties: 1 unsubscribed by the store, 2 by the shopper, 3 and 4
 * subscribed by either): 1 or 2 is a withdrawal, which unsubscribes here. The older fields say
 * only "subscribed" or not, so their "not" states nothing. Shoplazza gives no consent time of its
 * own: the customer's `updated_at` times both.
 */
export function shoplazzaConsentOf(c: Json): PlatformConsent {
  const flag = c.subscribed_flag;
  const email = flag === 3 || flag === 4 ? true : flag === 1 || flag === 2 ? false
    : c.accepts_marketing === true || c.subscribed === 1 || c.subscribed === true ? true : undefined;
  const sms = c.sms_subscribed_flag;
  const at = timeOf(c.updated_at);
  return { email, sms: sms === 3 || sms === 4 ? true : sms === 1 || sms === 2 ? false : undefined, emailAt: at, smsAt: at };
}

/** An order, or why it is not written: one not paid yet waits for `orders/paid`. */
export function shoplazzaOrderItem(o: Json, shopCurrency: string): { item: Json } | { skip: string } {
  const financial = str(o.financial_status);
  const cancelled = Boolean(o.cancelled_at ?? o.canceled_at) || o.status === 'cancelled';
  const status = cancelled ? 'cancelled' : financial === 'refunded' ? 'refunded'
    : financial === 'paid' || financial === 'partially_paid' || financial === 'partially_refunded' ? 'paid' : null;
  if (!status) return { skip: `order not paid yet (${String(financial).slice(0, 30)})` };
  const currency = str(o.currency) || shopCurrency;
  const lines = Array.isArray(o.line_items) ? o.line_items.map(obj) : [];
  // A partly refunded order's total has its refunds taken off, as Shopify's current total does.
  const total = minorOf(o.total_price, currency);
  const refunded = minorOf(o.refund_price ?? o.total_refunded, currency) ?? 0;
  return {
    item: {
      id: idOf(o.id),
      customer_id: idOrNull(o.customer_id) ?? idOrNull(obj(o.customer).id) ?? undefined,
      email: str(o.email) || undefined,
      currency,
      total: total === undefined ? undefined : Math.max(0, total - refunded),
      status,
      placed_at: isoOf(o.placed_at) ?? isoOf(o.created_at),
      items: lines.map((l) => ({
        product_id: idOrNull(l.product_id) ?? `line-${idOf(l.id)}`,
        title: str(l.title) ?? '',
        quantity: l.quantity,
        price: minorOf(l.price, currency),
      })),
    },
  };
}

function orderAction(o: Json, currency: string): WebhookAction {
  const mapped = shoplazzaOrderItem(o, currency);
  if ('skip' in mapped) return { kind: 'skip', reason: mapped.skip };
  return { kind: 'order', item: mapped.item, id: idOf(o.id), updatedAt: timeOf(o.updated_at) };
}

/** A checkout is the ingestion API's `started_checkout` event, once per checkout. */
function checkoutAction(c: Json): WebhookAction {
  if (c.completed_at) return { kind: 'skip', reason: 'checkout completed' };
  const token = str(c.token) || idOrNull(c.id);
  if (!token) return { kind: 'skip', reason: 'checkout without id' };
  const lines = Array.isArray(c.line_items) ? c.line_items.map(obj) : [];
  return {
    kind: 'checkout',
    item: {
      id: `checkout-${token}`.slice(0, 100),
      email: str(c.email) || undefined,
      customer_id: idOrNull(c.customer_id) ?? idOrNull(obj(c.customer).id) ?? undefined,
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

export function shoplazzaProductItem(p: Json, currency: string): Json {
  const variants = Array.isArray(p.variants) ? p.variants.map(obj) : [];
  const images = Array.isArray(p.images) ? p.images.map((i) => str(obj(i).src)).filter((x) => x !== undefined) : [];
  const tags = typeof p.tags === 'string' ? p.tags.split(',').map((t) => t.trim()).filter(Boolean) : p.tags;
  return {
    id: idOf(p.id),
    handle: str(p.handle),
    title: p.title,
    images,
    currency,
    collection: str(p.product_type) || null,
    tags,
    status: p.published === false ? 'draft' : 'active',
    updated_at: isoOf(p.updated_at),
    variants: variants.map((v) => ({
      id: idOf(v.id),
      title: str(v.title) ?? '',
      sku: str(v.sku) ?? '',
      price: minorOf(v.price, currency),
      compare_at_price: v.compare_at_price == null || v.compare_at_price === '' ? null : minorOf(v.compare_at_price, currency),
      stock: typeof v.inventory_quantity === 'number' && Number.isSafeInteger(v.inventory_quantity) ? v.inventory_quantity : null,
    })),
  };
}

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Shoplazza's ids are UUIDs (older records numbers); anything else is no id. */
function idOrNull(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(v)) return v;
  return null;
}
const idOf = (v: unknown): string => idOrNull(v) ?? '';

function timeOf(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}
const isoOf = (v: unknown): string | undefined => timeOf(v)?.toISOString();
