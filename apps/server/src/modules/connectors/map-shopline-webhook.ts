import { minorOf, type PlatformConsent, type WebhookAction } from './map-shopify-webhook.ts';
import { shoplazzaOrderItem, shoplazzaProductItem } from './map-shoplazza-webhook.ts';

/**
 * What one Shopline webhook asks of the store, from its payload (the v20251201 REST JSON, the same
 * shapes its lists give, so the first sync maps records with these functions too). Shopline's
 * records are close to Shopify's REST ones, but its ids are decimal strings wider than 64 bits,
 * so ids are read as text as Shoplazza's are and its order and product shapes go through the
 * Shoplazza mapping's readers. Nothing here trusts a field's type.
 */
type Json = Record<string, unknown>;

/** The key a topic's record may be wrapped in (`{"customer": {…}}`); it is taken wrapped or bare. */
const WRAPPERS: Record<string, string> = {
  customers: 'customer', customers_marketing_consent: 'customer', orders: 'order', products: 'product', checkouts: 'checkout', refunds: 'refund',
};

export function mapShoplineWebhook(topic: string, body: Json, currency: string): WebhookAction {
  const wrapper = WRAPPERS[topic.split('/')[0] ?? ''];
  const inner = wrapper && body.id === undefined ? body[wrapper] : undefined;
  const payload = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Json) : body;
  switch (topic) {
    case 'customers/create':
    case 'customers/update':
      return {
        kind: 'customer', item: shoplineCustomerItem(payload), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at),
        consent: shoplineConsentOf(payload),
      };
    // "Customer subscription": the whole customer, sent when its consent changes. Its consent is
    // applied on its own clock; the rest of the record waits for customers/update, so this
    // topic's `updated_at` is not kept.
    case 'customers_marketing_consent/update':
      return { kind: 'consent', id: idOf(payload.id), email: str(payload.email) || undefined, phone: phoneOf(payload), consent: shoplineConsentOf(payload) };
    case 'customers/delete':
      return { kind: 'delete-customer', id: idOf(payload.id) };
    case 'orders/create':
    case 'orders/updated':
    case 'orders/paid':
    case 'orders/cancelled': {
      const mapped = shoplineOrderItem(payload, currency);
      if ('skip' in mapped) return { kind: 'skip', reason: mapped.skip };
      return { kind: 'order', item: mapped.item, id: idOf(payload.id), updatedAt: timeOf(payload.updated_at) };
    }
    case 'refunds/create':
      return refundAction(payload, currency);
    case 'checkouts/create':
    case 'checkouts/update':
      return checkoutAction(payload);
    case 'products/create':
    case 'products/update':
      return { kind: 'product', item: shoplineProductItem(payload, currency), id: idOf(payload.id), updatedAt: timeOf(payload.updated_at) };
    case 'products/delete':
      return { kind: 'delete-product', id: idOf(payload.id) };
    case 'apps/installed_uninstalled': {
      // One topic for both, `operate` INSTALL or UNINSTALL; an install changes nothing here (the callback links the store).
      const operate = String(body.operate ?? '').toUpperCase();
      return operate === 'UNINSTALL' ? { kind: 'uninstall' } : { kind: 'skip', reason: `app ${operate.slice(0, 30) || 'event without operate'}` };
    }
    case 'app/uninstalled':
      return { kind: 'uninstall' };
    // The privacy topics name the customer in `customer` (not a wrapped record), as Shopify's do.
    case 'customers/redact': {
      const c = obj(body.customer);
      const orderIds = Array.isArray(body.orders_to_redact) ? body.orders_to_redact.map(idOrNull).filter((x) => x !== null) : [];
      if (idOrNull(c.id) === null && !str(c.email)) return { kind: 'skip', reason: 'redact names no customer' };
      return { kind: 'redact-customer', customerId: idOrNull(c.id), email: str(c.email) ?? null, phone: str(c.phone) ?? null, orderIds };
    }
    case 'customers/data_request': {
      const c = obj(body.customer);
      if (idOrNull(c.id) === null && !str(c.email)) return { kind: 'skip', reason: 'data request names no customer' };
      return {
        kind: 'data-request', customerId: idOrNull(c.id), email: str(c.email) ?? null, phone: str(c.phone) ?? null,
        requestId: idOrNull(obj(body.data_request).id),
      };
    }
    case 'shop/redact':
      return { kind: 'redact-shop' };
    default:
      return { kind: 'skip', reason: `topic ${topic.slice(0, 100)} is not applied` };
  }
}

export function shoplineCustomerItem(c: Json): Json {
  const consent = shoplineConsentOf(c);
  return {
    id: idOf(c.id),
    email: str(c.email) || undefined,
    phone: phoneOf(c),
    first_name: str(c.first_name),
    last_name: str(c.last_name),
    accepts_marketing: consent.email === true,
    sms_consent: consent.sms,
    created_at: isoOf(c.created_at),
  };
}

const phoneOf = (c: Json) => str(c.phone) || str(obj(c.default_address).phone) || undefined;

/**
 * Consent, per channel: the `email_marketing_consent` / `sms_marketing_consent` states where a
 * payload has them (`subscribed` given, `unsubscribed` or `redacted` withdrawn, timed by their
 * `consent_updated_at`); else the webhooks' booleans `accepts_marketing` /
 * `accepts_mobile_marketing`, timed by their `…_updated_at`. A boolean's false cannot tell
 * "never asked" from "withdrew", so it counts as a withdrawal only with the time of that change.
 */
export function shoplineConsentOf(c: Json): PlatformConsent {
  const updated = timeOf(c.updated_at);
  const read = (consent: unknown, flag: unknown, flagAt: unknown) => {
    const o = obj(consent);
    const state = str(o.state);
    if (state) {
      const given = state === 'subscribed' ? true : state === 'unsubscribed' || state === 'redacted' ? false : undefined;
      return { given, at: timeOf(o.consent_updated_at) ?? updated };
    }
    const at = timeOf(flagAt);
    return { given: flag === true ? true : flag === false && at ? false : undefined, at: at ?? updated };
  };
  const email = read(c.email_marketing_consent, c.accepts_marketing, c.accepts_marketing_updated_at);
  const sms = read(c.sms_marketing_consent, c.accepts_mobile_marketing, c.accepts_mobile_marketing_updated_at);
  return { email: email.given, sms: sms.given, emailAt: email.at, smsAt: sms.at };
}

/** An order: the current total (refunds taken off) where given; paid, refunded and cancelled as Shopify's. */
export function shoplineOrderItem(o: Json, shopCurrency: string) {
  const current = o.current_total_price;
  const customerId = obj(o.customer).id;
  const shaped = current === undefined || current === null ? o : { ...o, total_price: current, refund_price: undefined, total_refunded: undefined };
  return shoplazzaOrderItem({ ...shaped, customer_id: o.customer_id ?? customerId }, shopCurrency);
}

/** A product: `status` `active` is live, anything else a draft. */
export const shoplineProductItem = (p: Json, currency: string): Json =>
  shoplazzaProductItem({ ...p, published: p.status === undefined ? p.published : p.status === 'active' }, currency);

/** The money a refund gave back: its successful refund transactions, else its lines' subtotals. */
function refundAction(r: Json, currency: string): WebhookAction {
  const orderId = idOrNull(r.order_id);
  const at = timeOf(r.processed_at) ?? timeOf(r.created_at);
  if (!orderId || !at) return { kind: 'skip', reason: 'refund without its order or time' };
  const transactions = (Array.isArray(r.transactions) ? r.transactions.map(obj) : [])
    .filter((t) => t.kind === 'refund' && (t.status === undefined || t.status === 'success'));
  let amount = 0;
  if (transactions.length) for (const t of transactions) amount += minorOf(t.amount, str(t.currency) ?? currency) ?? 0;
  else for (const l of Array.isArray(r.refund_line_items) ? r.refund_line_items.map(obj) : []) amount += minorOf(l.subtotal, currency) ?? 0;
  return { kind: 'refund', orderId, amount, at };
}

/** A checkout is the ingestion API's `started_checkout` event, once per checkout. */
function checkoutAction(c: Json): WebhookAction {
  if (c.completed_at) return { kind: 'skip', reason: 'checkout completed' };
  const token = idOrNull(c.token) ?? idOrNull(c.id);
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

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Shopline's ids are decimal strings (some numbers in older payloads); anything else is no id. */
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
