import type { PlatformSyncStage } from '@storecast/contract';
import type { PlatformConsent } from '../ingest/index.ts';
import type { BulkGroup } from './run-bulk-query.ts';

/**
 * The first sync's bulk queries (Admin GraphQL, one per stage) and the mapping of their JSONL
 * rows onto the ingestion writers' input (`ingest-customers.ts`, `ingest-orders.ts`,
 * `ingest-products.ts`), so platform data lands as pushed data does. Ids are the number of
 * Shopify's global id (`gid://shopify/Customer/42` → "42"), as its webhooks name them.
 */
export function shopifyBulkQuery(stage: PlatformSyncStage, ordersSince: Date): string {
  switch (stage) {
    case 'customers':
      return `{ customers { edges { node {
  id email phone firstName lastName createdAt updatedAt
  emailMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt }
  smsMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt consentCollectedFrom }
} } } }`;
    case 'products':
      return `{ products { edges { node {
  id title handle status updatedAt featuredImage { url }
  variants { edges { node { id title price sku } } }
  collections { edges { node { id title } } }
} } } }`;
    case 'orders':
      // Shopify's search syntax; the first sync takes the last twelve months of orders.
      return `{ orders(query: "created_at:>='${ordersSince.toISOString().replace(/\.\d{3}Z$/, 'Z')}'") { edges { node {
  id name email createdAt updatedAt processedAt currencyCode discountCodes
  totalPriceSet { shopMoney { amount currencyCode } }
  customer { id }
  refunds { totalRefundedSet { shopMoney { amount } } }
  lineItems { edges { node { id title quantity product { id } variant { id } originalUnitPriceSet { shopMoney { amount } } } } }
} } } }`;
  }
}

/** "gid://shopify/Customer/42" → "42" (anything else as it is). */
export function numericId(gid: unknown): string {
  const s = typeof gid === 'string' ? gid : '';
  const m = /\/(\d+)$/.exec(s);
  return m ? (m[1] as string) : s;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** A decimal string ("12.50") in minor units, with the currency's decimals. */
export function minorUnits(amount: unknown, decimals = 2): number {
  const n = Number(typeof amount === 'string' || typeof amount === 'number' ? amount : 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 10 ** decimals) : 0;
}

/** A customer; its consent comes apart (`shopifyBulkConsent`) and the batch writer applies it as the webhooks do. */
export function mapShopifyCustomer(g: BulkGroup) {
  const c = g.root;
  return {
    id: numericId(c.id),
    ...(str(c.email) ? { email: str(c.email) } : {}),
    ...(str(c.phone) ? { phone: str(c.phone) } : {}),
    ...(typeof c.firstName === 'string' ? { first_name: c.firstName.slice(0, 100) } : {}),
    ...(typeof c.lastName === 'string' ? { last_name: c.lastName.slice(0, 100) } : {}),
    ...(str(c.createdAt) ? { created_at: str(c.createdAt) } : {}),
  };
}

/**
 * A customer's consent per channel as the webhooks read it (`map-shopify-webhook.ts`): SUBSCRIBED
 * given, UNSUBSCRIBED or REDACTED withdrawn, anything else (never asked, PENDING) not stated, each
 * timed by its `consentUpdatedAt`, else the customer's `updatedAt`.
 */
export function shopifyBulkConsent(g: BulkGroup): PlatformConsent {
  const c = g.root;
  const read = (consent: unknown) => {
    const o = obj(consent);
    const state = o.marketingState;
    return {
      given: state === 'SUBSCRIBED' ? true : state === 'UNSUBSCRIBED' || state === 'REDACTED' ? false : undefined,
      at: timeOf(o.consentUpdatedAt) ?? timeOf(c.updatedAt),
    };
  };
  const email = read(c.emailMarketingConsent);
  const sms = read(c.smsMarketingConsent);
  return { email: email.given, sms: sms.given, emailAt: email.at, smsAt: sms.at };
}

function timeOf(v: unknown): Date | null {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? null : new Date(t);
}

/** A product with its variants (child rows with `price`) and first collection (child rows without). */
export function mapShopifyProduct(g: BulkGroup, ctx: { currency: string; storefrontUrl: string; decimals?: number }) {
  const p = g.root;
  const variants = g.children.filter((c) => numericId(c.id) && /ProductVariant/.test(String(c.id)));
  const collections = g.children.filter((c) => /Collection/.test(String(c.id)));
  const handle = typeof p.handle === 'string' ? p.handle : '';
  const image = str(obj(p.featuredImage).url);
  return {
    id: numericId(p.id),
    handle,
    title: str(p.title) ?? handle ?? numericId(p.id),
    url: handle && ctx.storefrontUrl ? `${ctx.storefrontUrl}/products/${encodeURIComponent(handle)}` : '',
    images: image ? [image] : [],
    currency: ctx.currency,
    collection: str(collections[0]?.title) ?? null,
    status: String(p.status ?? 'ACTIVE').toLowerCase(),
    variants: variants.slice(0, 100).map((v) => ({
      id: numericId(v.id), title: typeof v.title === 'string' ? v.title : '', sku: typeof v.sku === 'string' ? v.sku : '',
      price: minorUnits(v.price, ctx.decimals),
    })),
    ...(!variants.length ? { price: 0 } : {}),
    ...(str(p.updatedAt) ? { updated_at: str(p.updatedAt) } : {}),
  };
}

/**
 * An order with its line items. Refunds come with the order: the total kept is what was paid
 * less what was refunded, and an order refunded in full is `refunded` (so it leaves the
 * customer's spend, as the ingestion API's status does).
 */
export function mapShopifyOrder(g: BulkGroup, ctx: { decimals?: number } = {}) {
  const o = g.root;
  const paid = minorUnits(obj(obj(o.totalPriceSet).shopMoney).amount, ctx.decimals);
  const refunded = (Array.isArray(o.refunds) ? o.refunds : [])
    .reduce<number>((sum, r) => sum + minorUnits(obj(obj(obj(r).totalRefundedSet).shopMoney).amount, ctx.decimals), 0);
  const customer = obj(o.customer).id;
  return {
    id: numericId(o.id),
    ...(customer ? { customer_id: numericId(customer) } : {}),
    ...(str(o.email) ? { email: str(o.email) } : {}),
    currency: String(o.currencyCode ?? ''),
    total: Math.max(0, paid - refunded),
    status: paid > 0 && refunded >= paid ? 'refunded' : 'paid',
    placed_at: str(o.processedAt) ?? str(o.createdAt),
    // The codes used (a coupon's redemption).
    discount_codes: (Array.isArray(o.discountCodes) ? o.discountCodes : []).filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 255).slice(0, 50),
    items: g.children.slice(0, 500).map((l) => ({
      // A custom item has no product: it is kept under the line's own id.
      product_id: obj(l.product).id ? numericId(obj(l.product).id) : `line-${numericId(l.id)}`,
      title: typeof l.title === 'string' ? l.title.slice(0, 300) : '',
      quantity: typeof l.quantity === 'number' && l.quantity > 0 ? l.quantity : 1,
      price: minorUnits(obj(obj(l.originalUnitPriceSet).shopMoney).amount, ctx.decimals),
    })),
  };
}
