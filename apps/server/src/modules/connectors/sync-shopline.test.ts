import { platformConnections, platformSyncs } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeShoplineCustomer, fakeShoplineOrder, fakeShoplineProduct, type FakeShoplineShop } from '../../test/fake-shopline/fake-shopline-shop.ts';
import { type FakeShopline, startFakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { appSecret } from '../delivery/index.ts';
import { sealSecret } from './seal-secret.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { countsOf } from './test/sync-fixtures.ts';
import { expectPaced } from './test/expect-paced.ts';

/**
 * The first sync from the fake Shopline: its lists paged by the Link header's page_info within
 * four requests a second, through the ingestion writers; it ends with exactly the fake's records,
 * waits out a 429, and a sync stopped mid-way resumes at the page after the last one written.
 */
const DAY = 86_400_000;
const since = new Date(Date.now() - 365 * DAY);
let t: TestApp;
let fake: FakeShopline;

beforeAll(async () => {
  fake = await startFakeShopline({ appKey: 'line-key', appSecret: 'line-secret' });
  t = await startTestApp({ platformApps: { shopline: { apiKey: fake.appKey, apiSecret: fake.appSecret, apiBase: fake.apiBase } } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A fake store with 600 customers (every third subscribed, every fifth with SMS consent), 12 products and 150 orders over 500 days. */
function seed(handle: string): FakeShoplineShop {
  const shop = fake.addShop(handle);
  for (let i = 0; i < 600; i += 1) {
    shop.customers.push(fakeShoplineCustomer({
      email: `c${i}@${handle}.example`, phone: i % 5 === 0 ? `+1613555${String(1000 + i)}` : '',
      email_marketing_consent: { state: i % 3 === 0 ? 'subscribed' : 'not_subscribed' }, sms_marketing_consent: { state: i % 5 === 0 ? 'subscribed' : 'not_subscribed' },
    }));
  }
  for (let i = 0; i < 12; i += 1) shop.products.push(fakeShoplineProduct({ title: `Tea ${i}` }));
  for (let i = 0; i < 150; i += 1) {
    const c = shop.customers[i % 600]!;
    const at = new Date(Date.now() - ((i * 500) / 150) * DAY - 3_600_000).toISOString();
    shop.orders.push(fakeShoplineOrder({
      customer: { id: c.id }, email: c.email, created_at: at, updated_at: at, financial_status: i % 10 === 0 ? 'pending' : 'paid',
      line_items: [{ id: `line-${handle}-${i}`, product_id: shop.products[i % 12]!.id, title: 'Tea', quantity: 1, price: '9.90' }],
    }));
  }
  return shop;
}

async function link(shopId: string, shop: FakeShoplineShop) {
  const token = `tok-${shop.handle}`;
  shop.tokens.set(token, 'read_customers,read_orders,read_products');
  const sealed = sealSecret(await appSecret(t.deps.config, t.deps.dbh), token, `${shopId}:shopline`);
  await t.deps.dbh.db.insert(platformConnections).values({ shopId, platform: 'shopline', shopDomain: `${shop.handle}.myshopline.com`, sealedToken: sealed, scopes: 'read_customers' });
}

const state = (v: unknown) => (v as { state?: string }).state;
const expected = (shop: FakeShoplineShop) => {
  const paidSince = shop.orders.filter((o) => Date.parse(String(o.created_at)) >= since.getTime() && o.financial_status === 'paid');
  const texts = (c: (typeof shop.customers)[number]) => Boolean(c.phone) && state(c.sms_marketing_consent) === 'subscribed';
  return {
    customers: shop.customers.length,
    // SMS consent without e-mail consent makes an SMS subscriber, as the webhooks do.
    subscribers: shop.customers.filter((c) => state(c.email_marketing_consent) === 'subscribed' || texts(c)).length,
    sms: shop.customers.filter(texts).length,
    orders: paidSince.length, items: paidSince.length, products: shop.products.length, variants: shop.products.length,
  };
};

const run = async (shopId: string, opts: { leaseMs?: number; stopping?: () => boolean } = {}) => {
  const [claimed] = await claimSyncs(t.deps.dbh.db, opts.leaseMs ?? 60_000, { shopId, platform: 'shopline' });
  return runClaimedSync(t.deps, claimed!, { leaseMs: opts.leaseMs ?? 60_000, pollMs: 10, ordersSince: () => since, stopping: opts.stopping });
};

describe('the first sync from Shopline', () => {
  it('ends with exactly the fake store\'s records within four requests a second, waiting out a 429', async () => {
    const shop = seed('sync-tea');
    const o = await signUp(t, { name: 'Synced Jade' });
    await link(o.shopId, shop);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shopline');
    fake.throttle(1);
    const started = Date.now();
    expect(await run(o.shopId)).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await countsOf(t, o.shopId)).toEqual(expected(shop));
    const calls = fake.requests.filter((r) => r.handle === shop.handle);
    expect(calls.filter((r) => r.status === 429)).toHaveLength(1);
    // Paced after the 429 too (the wait for its Retry-After is not a gap of the pace).
    expectPaced(calls.slice(calls.findIndex((c) => c.status === 429) + 1).map((c) => c.at), 250);
    const [row] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(row).toMatchObject({ status: 'done', stage: 'orders', rowsDone: 600 + 12 + row!.stageTotals.orders! });
    expect(row!.stageTotals).toMatchObject({ customers: 600, products: 12 });
  }, 60_000);

  it('a sync stopped mid-way resumes at the page after the last one written and ends with exactly the fake\'s records', async () => {
    const shop = seed('resume-tea');
    const o = await signUp(t, { name: 'Resumed Jade' });
    await link(o.shopId, shop);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shopline');
    let pages = 0;
    expect(await run(o.shopId, { stopping: () => pages++ >= 2 })).toBe('stopped');
    const [mid] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(mid).toMatchObject({ status: 'running', stage: 'customers', stageOffset: 500 });
    const before = fake.requests.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(await run(o.shopId, { leaseMs: 10 })).toBe('done');
    const resumed = fake.requests.slice(before).filter((r) => r.handle === shop.handle);
    // Customers: one page left (the third), then products and orders; no customer page read twice.
    expect(resumed.filter((r) => r.path.endsWith('/customers.json'))).toHaveLength(1);
    expect(await countsOf(t, o.shopId)).toEqual(expected(shop));
  }, 60_000);

  it('a token the platform refuses fails the sync as unauthorised', async () => {
    const shop = seed('revoked-tea');
    const o = await signUp(t, { name: 'Revoked Jade' });
    await link(o.shopId, shop);
    shop.tokens.clear();
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shopline');
    expect(await run(o.shopId)).toBe('failed');
    const [row] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(row).toMatchObject({ status: 'failed', error: 'errors.platformSync.unauthorized' });
  }, 30_000);
});
