import type { CustomerRecord, FakeShopifyStore, LineItemRecord, OrderRecord, ProductRecord, RefundRecord } from './fake-shopify-store.ts';

export interface SeedOptions {
  customers?: number;
  orders?: number;
  products?: number;
  collections?: number;
  /** Another seed gives other (equally deterministic) data. */
  seed?: number;
  /**
   * Records are made over `spanDays` (default 730) from `start` (default 2024-01-01, ms since
   * the epoch); a benchmark that syncs the last twelve months sets them to end today.
   */
  start?: number;
  spanDays?: number;
}

const DAY = 86_400_000;
/** Seeded records were made over two years from this day, in id order (as a shop's are). */
const FIRST_DAY = Date.UTC(2024, 0, 1);

const FIRST = ['Ada', 'Ben', 'Chloé', 'Dev', 'Emma', 'Felix', 'Grace', 'Hugo', 'Iris', 'Jonas', 'Kai', 'Lena', 'Mia', 'Noah', 'Olga', 'Pablo'];
const LAST = ['Smith', 'Müller', 'García', 'Chen', 'Okafor', 'Rossi', 'Novak', 'Dubois', 'Kim', 'Silva', 'Jensen', 'Tanaka'];
const ADJ = ['Organic', 'Classic', 'Everyday', 'Vintage', 'Cosy', 'Bold', 'Tiny', 'Grand', 'Smoky', 'Bright'];
const NOUN = ['Green Tea', 'Mug', 'Tote Bag', 'Candle', 'Notebook', 'Scarf', 'Teapot', 'Honey', 'Blanket', 'Soap'];
const SIZES = ['Small', 'Medium', 'Large'];

/**
 * A number in [0, 2^32) that depends only on (seed, kind, index, salt): record `i` is the same
 * whenever it is made, so seeded records need not be kept (see `RecordTable.seed`).
 */
function hash(seed: number, kind: number, index: number, salt = 0): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(kind + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f) ^ Math.imul(salt + 7, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Fills an empty fake shop with customers, orders (with line items, some refunds and discount
 * codes) and products, the same ones for the same options. Nothing is stored per record: a
 * shop of 200,000 customers and 500,000 orders costs memory only for what tests change.
 */
export function seedFakeShop(store: FakeShopifyStore, opts: SeedOptions): void {
  const seed = opts.seed ?? 1;
  const nCustomers = opts.customers ?? 0;
  const nOrders = opts.orders ?? 0;
  const nProducts = opts.products ?? 0;
  const nCollections = opts.collections ?? (nProducts > 0 ? Math.min(5, nProducts) : 0);
  const currency = store.shop.currencyCode;
  const START = opts.start ?? FIRST_DAY;
  const SPAN = (opts.spanDays ?? 730) * DAY;

  const productTitle = (id: number) => `${ADJ[hash(seed, 3, id) % ADJ.length]} ${NOUN[hash(seed, 3, id, 1) % NOUN.length]}`;
  const variantCount = (id: number) => 1 + (hash(seed, 3, id, 2) % 3);
  const variantCents = (id: number, place: number) => 500 + (hash(seed, 3, id, 10 + place) % 9500);

  if (nCollections > 0) {
    store.collections.seed(nCollections, (i) => ({ id: i + 1, title: `${NOUN[i % NOUN.length]} shelf`, handle: `shelf-${i + 1}` }));
  }

  if (nProducts > 0) {
    store.products.seed(nProducts, (i): ProductRecord => {
      const id = i + 1;
      const title = productTitle(id);
      const created = START + Math.floor((i * SPAN) / nProducts);
      const h = hash(seed, 3, id, 3);
      const count = variantCount(id);
      return {
        id,
        title,
        handle: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`,
        status: h % 20 === 0 ? 'DRAFT' : h % 20 === 1 ? 'ARCHIVED' : 'ACTIVE',
        createdAt: iso(created),
        updatedAt: iso(created + (h % 60) * DAY),
        imageUrl: h % 10 === 9 ? null : `https://cdn.shopify.com/s/files/1/0000/0001/files/product-${id}.jpg`,
        variants: Array.from({ length: count }, (_, k) => ({
          id: id * 100 + k + 1,
          title: count === 1 ? 'Default Title' : (SIZES[k] as string),
          price: money(variantCents(id, k)),
          sku: `SKU-${id}-${k + 1}`,
        })),
        collectionIds: nCollections > 0 ? [1 + (id % nCollections)] : [],
      };
    });
  }

  if (nCustomers > 0) {
    store.customers.seed(nCustomers, (i): CustomerRecord => {
      const id = i + 1;
      const created = START + Math.floor((i * SPAN) / nCustomers);
      const h = hash(seed, 1, id);
      const hasPhone = h % 10 < 6;
      const email = (h >>> 8) % 50 === 0 ? null : `customer${id}@example.com`;
      const e = (h >>> 4) % 20;
      const emailState = e < 9 ? 'SUBSCRIBED' : e < 17 ? 'NOT_SUBSCRIBED' : e < 19 ? 'UNSUBSCRIBED' : 'PENDING';
      const consentAt = iso(created + ((h >>> 12) % 30) * DAY);
      const smsSubscribed = hasPhone && (h >>> 16) % 5 === 0;
      const tags = [(h >>> 20) % 10 === 0 ? 'vip' : null, (h >>> 24) % 7 === 0 ? 'wholesale' : null].filter((t): t is string => t !== null);
      return {
        id,
        email,
        phone: hasPhone ? `+1555${String(id % 10_000_000).padStart(7, '0')}` : null,
        firstName: FIRST[h % FIRST.length] as string,
        lastName: LAST[(h >>> 3) % LAST.length] as string,
        createdAt: iso(created),
        updatedAt: iso(created + ((h >>> 6) % 90) * DAY),
        emailMarketingConsent: email
          ? {
              marketingState: emailState,
              marketingOptInLevel: emailState === 'NOT_SUBSCRIBED' ? null : (h >>> 28) % 2 === 0 ? 'SINGLE_OPT_IN' : 'CONFIRMED_OPT_IN',
              consentUpdatedAt: emailState === 'NOT_SUBSCRIBED' ? null : consentAt,
            }
          : null,
        smsMarketingConsent: hasPhone
          ? {
              marketingState: smsSubscribed ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED',
              marketingOptInLevel: smsSubscribed ? 'SINGLE_OPT_IN' : 'UNKNOWN',
              consentUpdatedAt: smsSubscribed ? consentAt : null,
              consentCollectedFrom: smsSubscribed ? 'SHOPIFY' : null,
            }
          : null,
        tags,
      };
    });
  }

  if (nOrders > 0) {
    store.orders.seed(nOrders, (i): OrderRecord => {
      const id = i + 1;
      const created = START + Math.floor((i * SPAN) / nOrders);
      const h = hash(seed, 2, id);
      const guest = nCustomers === 0 || h % 20 === 0;
      const customerId = guest ? null : 1 + ((h >>> 5) % nCustomers);
      const lines: LineItemRecord[] = Array.from({ length: 1 + ((h >>> 3) % 3) }, (_, k) => {
        const pick = hash(seed, 2, id, 20 + k);
        const quantity = 1 + (pick % 3);
        if (nProducts === 0) return { id: id * 100 + k + 1, productId: null, variantId: null, title: 'Custom item', quantity, unitPrice: money(1000) };
        const productId = 1 + ((pick >>> 4) % nProducts);
        const place = (pick >>> 12) % variantCount(productId);
        return {
          id: id * 100 + k + 1,
          productId,
          variantId: productId * 100 + place + 1,
          title: productTitle(productId),
          quantity,
          unitPrice: money(variantCents(productId, place)),
        };
      });
      const totalCents = lines.reduce((sum, l) => sum + Math.round(Number(l.unitPrice) * 100) * l.quantity, 0);
      const refunds: RefundRecord[] =
        (h >>> 9) % 12 === 0 ? [{ id, createdAt: iso(created + 3 * DAY), amount: money(Math.round(Number(lines[0]?.unitPrice ?? 0) * 100)) }] : [];
      return {
        id,
        name: `#${1000 + id}`,
        email: customerId ? `customer${customerId}@example.com` : `guest${id}@example.com`,
        customerId,
        createdAt: iso(created),
        processedAt: iso(created),
        updatedAt: iso(created + (refunds.length ? 3 * DAY : ((h >>> 13) % 5) * DAY)),
        currencyCode: currency,
        totalPrice: money(totalCents),
        lineItems: lines,
        refunds,
        discountCodes: (h >>> 17) % 10 === 0 ? ['WELCOME10'] : [],
      };
    });
  }
}
