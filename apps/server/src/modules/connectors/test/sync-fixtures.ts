import { platformConnections } from '@storecast/db';
import type { CustomerRecord } from '../../../test/fake-shopify/fake-shopify-store.ts';
import { type FakeShopify, routeShopifyToFake, startFakeShopify, type StartFakeShopifyOptions } from '../../../test/fake-shopify/start-fake-shopify.ts';
import type { TestApp } from '../../../test/start-test-app.ts';
import { appSecret } from '../../delivery/index.ts';
import { sealSecret } from '../seal-secret.ts';

/** Links a store to a fake Shopify shop as a finished install does: the token sealed to the store. */
export async function linkFakeShopify(t: Pick<TestApp, 'deps'>, shopId: string, fake: FakeShopify) {
  const sealed = sealSecret(await appSecret(t.deps.config, t.deps.dbh), fake.createAccessToken(), `${shopId}:shopify`);
  await t.deps.dbh.db.insert(platformConnections).values({ shopId, platform: 'shopify', shopDomain: fake.shop, sealedToken: sealed, scopes: 'read_customers,read_orders,read_products' });
}

const emailConsent = (c: CustomerRecord) =>
  Boolean(c.email && c.emailMarketingConsent?.marketingState === 'SUBSCRIBED');

/** The fake's records a first sync must end with: every customer and product, orders since `since`. */
export function expectedOf(fake: FakeShopify, since: Date) {
  const customers = [...fake.store.customers];
  const orders = [...fake.store.orders].filter((o) => Date.parse(o.createdAt) >= since.getTime());
  const products = [...fake.store.products];
  return {
    customers,
    orders,
    products,
    emailSubscribed: customers.filter(emailConsent),
    // Subscribed to SMS whatever their e-mail consent: one without it is an SMS subscriber of its own.
    smsSubscribed: customers.filter((c) => c.phone && c.smsMarketingConsent?.marketingState === 'SUBSCRIBED'),
    subscribers: customers.filter((c) => emailConsent(c) || (c.phone && c.smsMarketingConsent?.marketingState === 'SUBSCRIBED')),
  };
}

/** Records of one store: customers, subscribers (SMS subscribed among them), orders, line items, products, variants. */
export async function countsOf(t: Pick<TestApp, 'deps'>, shopId: string) {
  const { rows } = await t.deps.dbh.query<Record<string, number>>(`select
    (select count(*)::int from customers where shop_id = $1) as customers,
    (select count(*)::int from subscribers where shop_id = $1) as subscribers,
    (select count(*)::int from subscribers where shop_id = $1 and sms_status = 'subscribed') as sms,
    (select count(*)::int from orders where shop_id = $1) as orders,
    (select count(*)::int from order_items where shop_id = $1) as items,
    (select count(*)::int from products where shop_id = $1) as products,
    (select count(*)::int from product_variants where shop_id = $1) as variants`, [shopId]);
  return rows[0]!;
}

/** A fake Shopify filled by `fill`, the store platforms' calls routed to it until `close`. */
export async function startRoutedFake(opts: StartFakeShopifyOptions, fill: (fake: FakeShopify) => void) {
  const fake = await startFakeShopify(opts);
  fill(fake);
  const unroute = routeShopifyToFake(fake);
  return {
    fake,
    async close() {
      unroute();
      await fake.close();
    },
  };
}
