import { platformConnections } from '@storecast/db';
import type { FakeShopify } from '../../../test/fake-shopify/start-fake-shopify.ts';
import type { TestApp } from '../../../test/start-test-app.ts';
import { appSecret } from '../../delivery/index.ts';
import { sealSecret } from '../seal-secret.ts';

/** Links a store to a fake Shopify shop as a finished install does: the token sealed to the store. */
export async function linkFakeShopify(t: Pick<TestApp, 'deps'>, shopId: string, fake: FakeShopify) {
  const sealed = sealSecret(await appSecret(t.deps.config, t.deps.dbh), fake.createAccessToken(), `${shopId}:shopify`);
  await t.deps.dbh.db.insert(platformConnections).values({ shopId, platform: 'shopify', shopDomain: fake.shop, sealedToken: sealed, scopes: 'read_customers,read_orders,read_products' });
}

/** The fake's records a first sync must end with: every customer and product, orders since `since`. */
export function expectedOf(fake: FakeShopify, since: Date) {
  const customers = [...fake.store.customers];
  const orders = [...fake.store.orders].filter((o) => Date.parse(o.createdAt) >= since.getTime());
  const products = [...fake.store.products];
  return {
    customers,
    orders,
    products,
    emailSubscribed: customers.filter((c) => c.email && c.emailMarketingConsent?.marketingState === 'SUBSCRIBED'),
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
