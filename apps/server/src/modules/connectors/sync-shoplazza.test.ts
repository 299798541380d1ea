import { platformConnections, platformSyncs } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCustomer, fakeOrder, fakeProduct, type FakeShoplazzaShop } from '../../test/fake-shoplazza/fake-shoplazza-shop.ts';
import { type FakeShoplazza, startFakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { appSecret } from '../delivery/index.ts';
import { sealSecret } from './seal-secret.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { countsOf } from './test/sync-fixtures.ts';
import { expectPaced } from './test/expect-paced.ts';

/**
 * The first sync from the fake Shoplazza: its lists paged by cursor within two requests a second,
 * through the ingestion writers; it ends with exactly the fake's records, waits out a 429's
 * Retry-After, and a sync stopped mid-way resumes at the page after the last one written.
 */
const DAY = 86_400_000;
const since = new Date(Date.now() - 365 * DAY);
let t: TestApp;
let fake: FakeShoplazza;

beforeAll(async () => {
  fake = await startFakeShoplazza({ clientId: 'lazza-key', clientSecret: 'lazza-secret' });
  t = await startTestApp({ platformApps: { shoplazza: { apiKey: fake.clientId, apiSecret: fake.clientSecret, apiBase: fake.apiBase } } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A fake shop with 600 customers (every third subscribed, every fifth with SMS consent), 12 products and 300 orders over 500 days. */
function seed(domain: string): FakeShoplazzaShop {
  const shop = fake.addShop(domain);
  for (let i = 0; i < 600; i += 1) {
    shop.customers.push(fakeCustomer({
      email: `c${i}@${domain}`, phone: i % 5 === 0 ? `+1613555${String(1000 + i)}` : '', subscribed_flag: i % 3 === 0 ? 4 : 0, sms_subscribed_flag: i % 5 === 0 ? 4 : 0,
    }));
  }
  for (let i = 0; i < 12; i += 1) shop.products.push(fakeProduct({ title: `Tea ${i}` }));
  for (let i = 0; i < 300; i += 1) {
    const c = shop.customers[i % 600]!;
    const at = new Date(Date.now() - ((i * 500) / 300) * DAY - 3_600_000).toISOString();
    shop.orders.push(fakeOrder({
      customer_id: c.id, email: c.email, created_at: at, updated_at: at, financial_status: i % 10 === 0 ? 'pending' : 'paid',
      line_items: [{ id: `line-${domain}-${i}`, product_id: shop.products[i % 12]!.id, title: 'Tea', quantity: 1, price: '9.90' }],
    }));
  }
  return shop;
}

async function link(shopId: string, shop: FakeShoplazzaShop) {
  const token = `tok-${shop.domain}`;
  shop.tokens.set(token, 'read_customer read_order read_product');
  const sealed = sealSecret(await appSecret(t.deps.config, t.deps.dbh), token, `${shopId}:shoplazza`);
  await t.deps.dbh.db.insert(platformConnections).values({ shopId, platform: 'shoplazza', shopDomain: shop.domain, sealedToken: sealed, scopes: 'read_customer' });
}

const expected = (shop: FakeShoplazzaShop) => {
  const paidSince = shop.orders.filter((o) => Date.parse(String(o.created_at)) >= since.getTime() && o.financial_status === 'paid');
  return {
    customers: shop.customers.length,
    // SMS consent without e-mail consent makes an SMS subscriber, as the webhooks do.
    subscribers: shop.customers.filter((c) => c.subscribed_flag === 4 || (c.phone && c.sms_subscribed_flag === 4)).length,
    sms: shop.customers.filter((c) => c.phone && c.sms_subscribed_flag === 4).length,
    orders: paidSince.length, items: paidSince.length, products: shop.products.length, variants: shop.products.length,
  };
};

const run = async (shopId: string, opts: { leaseMs?: number; stopping?: () => boolean } = {}) => {
  const [claimed] = await claimSyncs(t.deps.dbh.db, opts.leaseMs ?? 60_000, { shopId, platform: 'shoplazza' });
  return runClaimedSync(t.deps, claimed!, { leaseMs: opts.leaseMs ?? 60_000, pollMs: 10, ordersSince: () => since, stopping: opts.stopping });
};

describe('the first sync from Shoplazza', () => {
  it('ends with exactly the fake store\'s records within two requests a second, waiting out a 429', async () => {
    const shop = seed('sync-tea.myshoplaza.com');
    const o = await signUp(t, { name: 'Synced Jade' });
    await link(o.shopId, shop);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shoplazza');
    fake.throttle(1, 1);
    const started = Date.now();
    expect(await run(o.shopId)).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await countsOf(t, o.shopId)).toEqual(expected(shop));
    const calls = fake.requests.filter((r) => r.shop === shop.domain);
    expect(calls.filter((r) => r.status === 429)).toHaveLength(1);
    // Paced after the 429 too (the wait for its Retry-After is not a gap of the pace).
    expectPaced(calls.slice(calls.findIndex((c) => c.status === 429) + 1).map((c) => c.at), 500);
    const [row] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(row).toMatchObject({ status: 'done', stage: 'orders', rowsDone: 600 + 12 + row!.stageTotals.orders! });
    expect(row!.stageTotals).toMatchObject({ customers: 600, products: 12 });
  }, 60_000);

  it('a sync stopped mid-way resumes at the page after the last one written and ends with exactly the fake\'s records', async () => {
    const shop = seed('resume-tea.myshoplaza.com');
    const o = await signUp(t, { name: 'Resumed Jade' });
    await link(o.shopId, shop);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shoplazza');
    let pages = 0;
    // The worker stops after two pages of customers (as if killed after writing them).
    expect(await run(o.shopId, { stopping: () => pages++ >= 2 })).toBe('stopped');
    const [mid] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(mid).toMatchObject({ status: 'running', stage: 'customers', stageOffset: 500 });
    const before = fake.requests.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(await run(o.shopId, { leaseMs: 10 })).toBe('done');
    const resumed = fake.requests.slice(before).filter((r) => r.shop === shop.domain);
    // Customers: one page left (the third), then products and orders; no customer page read twice.
    expect(resumed.filter((r) => r.path.endsWith('/customers'))).toHaveLength(1);
    expect(await countsOf(t, o.shopId)).toEqual(expected(shop));
  }, 60_000);

  it('a token the platform refuses fails the sync as unauthorised', async () => {
    const shop = seed('revoked-tea.myshoplaza.com');
    const o = await signUp(t, { name: 'Revoked Jade' });
    await link(o.shopId, shop);
    shop.tokens.clear();
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shoplazza');
    expect(await run(o.shopId)).toBe('failed');
    const [row] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId));
    expect(row).toMatchObject({ status: 'failed', error: 'errors.platformSync.unauthorized' });
  }, 30_000);
});
