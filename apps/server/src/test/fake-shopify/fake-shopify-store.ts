import { RecordTable } from './record-table.ts';

/**
 * What the fake shop holds. Records are plain objects named as the Admin GraphQL API names their
 * fields; ids are numbers (the API shows them as `gid://shopify/<Type>/<id>`), money amounts are
 * decimal strings as Shopify sends them.
 */
export interface ConsentState {
  marketingState: 'NOT_SUBSCRIBED' | 'PENDING' | 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'REDACTED' | 'INVALID';
  marketingOptInLevel: 'SINGLE_OPT_IN' | 'CONFIRMED_OPT_IN' | 'UNKNOWN' | null;
  consentUpdatedAt: string | null;
}

export interface SmsConsentState extends ConsentState {
  consentCollectedFrom: 'SHOPIFY' | 'OTHER' | null;
}

export interface CustomerRecord {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  updatedAt: string;
  /** null when the customer has no e-mail address (Shopify answers null then). */
  emailMarketingConsent: ConsentState | null;
  smsMarketingConsent: SmsConsentState | null;
  tags: string[];
}

export interface LineItemRecord {
  /** Unique in the shop: order id × 100 + the line's place. */
  id: number;
  productId: number | null;
  variantId: number | null;
  title: string;
  quantity: number;
  unitPrice: string;
}

export interface RefundRecord {
  id: number;
  createdAt: string;
  amount: string;
}

export interface OrderRecord {
  id: number;
  /** `#1001` and up. */
  name: string;
  email: string | null;
  /** null for a guest checkout. */
  customerId: number | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  currencyCode: string;
  totalPrice: string;
  lineItems: LineItemRecord[];
  refunds: RefundRecord[];
  discountCodes: string[];
}

export interface VariantRecord {
  /** Unique in the shop: product id × 100 + the variant's place. */
  id: number;
  title: string;
  price: string;
  sku: string | null;
}

export interface ProductRecord {
  id: number;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  createdAt: string;
  updatedAt: string;
  imageUrl: string | null;
  variants: VariantRecord[];
  collectionIds: number[];
}

export interface CollectionRecord {
  id: number;
  title: string;
  handle: string;
}

export interface WebhookSubscriptionRecord {
  id: number;
  /** The GraphQL enum, as `ORDERS_CREATE`. */
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  includeFields: string[];
  metafieldNamespaces: string[];
  createdAt: string;
  updatedAt: string;
}

export interface DiscountRecord {
  id: number;
  code: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  /** A fraction (0.1 = 10 % off) or null when the discount is an amount. */
  percentage: number | null;
  amount: { amount: string; appliesOnEachItem: boolean } | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  createdAt: string;
  /** The input as the app sent it, for tests to inspect. */
  input: Record<string, unknown>;
}

export interface ShopInfo {
  name: string;
  myshopifyDomain: string;
  currencyCode: string;
  ianaTimezone: string;
  email: string;
  /** The storefront's address (`Shop.primaryDomain.url`); the myshopify address when it has no domain of its own. */
  primaryDomainUrl: string;
  /** `shopLocales`: the shop's languages, one of them primary. */
  locales: { locale: string; name: string; primary: boolean; published: boolean }[];
}

/** A theme and its files by name (`config/settings_data.json` holds the app embeds' state). */
export interface ThemeRecord {
  id: number;
  name: string;
  role: 'ARCHIVED' | 'DEMO' | 'DEVELOPMENT' | 'LOCKED' | 'MAIN' | 'UNPUBLISHED';
  createdAt: string;
  updatedAt: string;
  files: Map<string, string>;
}

export interface FakeShopifyStore {
  shop: ShopInfo;
  customers: RecordTable<CustomerRecord>;
  orders: RecordTable<OrderRecord>;
  products: RecordTable<ProductRecord>;
  collections: RecordTable<CollectionRecord>;
  webhookSubscriptions: WebhookSubscriptionRecord[];
  discounts: DiscountRecord[];
  themes: ThemeRecord[];
  /** Access tokens the fake issued, with the scopes granted. */
  accessTokens: Map<string, { scope: string; online: boolean }>;
}

export function newStore(shop: ShopInfo): FakeShopifyStore {
  return {
    shop,
    customers: new RecordTable(),
    orders: new RecordTable(),
    products: new RecordTable(),
    collections: new RecordTable(),
    webhookSubscriptions: [],
    discounts: [],
    themes: [],
    accessTokens: new Map(),
  };
}

/** Shopify's global ids: `gid://shopify/Customer/42`. */
export const gid = (type: string, id: number | string): string => `gid://shopify/${type}/${id}`;

/** The type and number of a global id, or null when it is not one. */
export function parseGid(value: unknown): { type: string; id: number } | null {
  const m = typeof value === 'string' ? /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(value) : null;
  return m ? { type: m[1] as string, id: Number(m[2]) } : null;
}
