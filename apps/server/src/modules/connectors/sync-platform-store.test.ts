import { api } from '@storecast/contract';
import { platformSyncs } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeShopifyToFake, startFakeShopify, type FakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { countsOf, expectedOf, linkFakeShopify } from './test/sync-fixtures.ts';

/**
 * The first sync from a fake Shopify (bulk operations, JSONL, throttling) into the store, through
 * the ingestion writers: it ends with exactly the fake's records, consent included, and it still
 * does when the fake answers 429s and THROTTLED.
 */
const DAY = 86_400_000;
// A whole second, as Shopify's search syntax writes it.
const since = new Date(Math.floor((Date.now() - 365 * DAY) / 1000) * 1000);
const opts = { leaseMs: 60_000, pollMs: 20, ordersSince: () => since };

async function syncOnce(t: TestApp, shopId: string) {
  await queueFirstSync(t.deps.dbh.db, shopId, 'shopify');
  const [claimed] = await claimSyncs(t.deps.dbh.db, opts.leaseMs, { shopId, platform: 'shopify' });
  return runClaimedSync(t.deps, claimed!, opts);
}

describe('the first sync from Shopify', () => {
  let t: TestApp;
  let fake: FakeShopify;
  let unroute: () => void;

  beforeAll(async () => {
    t = await startTestApp();
    // Made over the last 500 days: about three orders in four fall in the twelve months synced.
    fake = await startFakeShopify({ bulkBatchSize: 100 });
    fake.seed({ customers: 300, orders: 400, products: 40, start: Date.now() - 500 * DAY, spanDays: 500 });
    unroute = routeShopifyToFake(fake);
  }, 60_000);
  afterAll(async () => {
    unroute?.();
    await fake?.close();
    await t?.close();
  });

  it('ends with exactly the fake store\'s records, consent included', async () => {
    const o = await signUp(t, { name: 'Synced Tea' });
    await linkFakeShopify(t, o.shopId, fake);
    expect(await syncOnce(t, o.shopId)).toBe('done');

    const want = expectedOf(fake, since);
    expect(want.orders.length).toBeGreaterThan(200);
    expect(want.orders.length).toBeLessThan(400);
    const variants = want.products.reduce((n, p) => n + p.variants.length, 0);
    const items = want.orders.reduce((n, x) => n + x.lineItems.length, 0);
    expect(want.subscribers.length).toBeGreaterThan(want.emailSubscribed.length);
    expect(await countsOf(t, o.shopId)).toEqual({
      customers: 300, subscribers: want.subscribers.length, sms: want.smsSubscribed.length,
      orders: want.orders.length, items, products: 40, variants,
    });

    // A sample's fields: a subscribed customer, an order with a refund, a product.
    const c = want.emailSubscribed[0]!;
    const { rows: [sub] } = await t.deps.dbh.query<{ email: string; first_name: string; customer_ref: string; status: string }>(
      'select email, first_name, customer_ref, status from subscribers where shop_id = $1 and customer_ref = $2', [o.shopId, String(c.id)]);
    expect(sub).toEqual({ email: c.email, first_name: c.firstName, customer_ref: String(c.id), status: 'subscribed' });
    const refunded = want.orders.find((x) => x.refunds.length)!;
    const { rows: [order] } = await t.deps.dbh.query<{ total: string; currency: string; placed_at: Date; n: number }>(
      `select total::text, currency, placed_at, (select count(*)::int from order_items i where i.order_id = o.id) as n
       from orders o where shop_id = $1 and external_id = $2`, [o.shopId, String(refunded.id)]);
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(order).toEqual({
      total: String(cents(refunded.totalPrice) - cents(refunded.refunds[0]!.amount)), currency: 'USD',
      placed_at: new Date(refunded.processedAt), n: refunded.lineItems.length,
    });
    const p = want.products[0]!;
    const { rows: [product] } = await t.deps.dbh.query<{ title: string; handle: string; status: string; collection: string | null }>(
      'select title, handle, status, collection from products where shop_id = $1 and external_id = $2', [o.shopId, String(p.id)]);
    const collection = fake.store.collections.get(p.collectionIds[0]!)?.title ?? null;
    expect(product).toEqual({ title: p.title, handle: p.handle, status: p.status.toLowerCase(), collection });

    const status = await t.call(api.platformSync.status, { token: o.token });
    expect(status.body.data).toMatchObject({ platform: 'shopify', status: 'done', stage: 'orders', done: 340 + want.orders.length, estimated: 340 + want.orders.length, error: null });

    // Run again: nothing doubles.
    await t.deps.dbh.db.update(platformSyncs).set({ status: 'queued', stage: 'customers', stageOffset: 0, bulkOperationId: null })
      .where(eq(platformSyncs.shopId, o.shopId));
    expect(await syncOnce(t, o.shopId)).toBe('done');
    expect((await countsOf(t, o.shopId)).orders).toBe(want.orders.length);
  }, 120_000);

  it('still completes when the fake answers 429 and THROTTLED', async () => {
    const slow = await startFakeShopify({ shop: 'throttled-tea.myshopify.com', bulkBatchSize: 100 });
    const unrouteSlow = routeShopifyToFake(slow);
    try {
      slow.seed({ customers: 300, orders: 400, products: 40, start: Date.now() - 500 * DAY, spanDays: 500 });
      const o = await signUp(t, { name: 'Throttled Tea' });
      await linkFakeShopify(t, o.shopId, slow);
      // A bucket that holds one poll's worth and refills slowly, emptied, and two 429s first.
      slow.throttle.configure({ maximumAvailable: 12, restoreRate: 20 });
      slow.throttle.drain();
      slow.throttle.answer429(2, 1);
      expect(await syncOnce(t, o.shopId)).toBe('done');
      const statuses = slow.requests.map((r) => r.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      const counts = await countsOf(t, o.shopId);
      expect(counts.customers).toBe(300);
      expect(counts.products).toBe(40);
      expect(counts.orders).toBe(expectedOf(slow, since).orders.length);
    } finally {
      unrouteSlow();
      await slow.close();
    }
  }, 120_000);

  it('leaves a record a webhook stored newer than the snapshot, and keeps the platform\'s time on the others', async () => {
    const other = await startFakeShopify({ shop: 'newer-tea.myshopify.com', bulkBatchSize: 100 });
    const unrouteOther = routeShopifyToFake(other);
    try {
      other.seed({ customers: 20, orders: 30, products: 5, start: Date.now() - 100 * DAY, spanDays: 100 });
      const o = await signUp(t, { name: 'Newer Tea' });
      await linkFakeShopify(t, o.shopId, other);
      const order = [...other.store.orders][0]!;
      // As if an orders/updated webhook from tomorrow had been applied before the sync wrote it.
      await t.deps.dbh.query(`insert into orders (shop_id, external_id, currency, total, status, placed_at, platform_updated_at)
        values ($1, $2, 'USD', 4242, 'paid', now(), now() + interval '1 day')`, [o.shopId, String(order.id)]);
      expect(await syncOnce(t, o.shopId)).toBe('done');
      const { rows } = await t.deps.dbh.query<{ external_id: string; total: string; at: Date | null }>(
        'select external_id, total::text, platform_updated_at as at from orders where shop_id = $1', [o.shopId]);
      expect(rows).toHaveLength(30);
      expect(rows.find((r) => r.external_id === String(order.id))?.total).toBe('4242');
      const second = [...other.store.orders][1]!;
      expect(rows.find((r) => r.external_id === String(second.id))?.at).toEqual(new Date(second.updatedAt));
    } finally {
      unrouteOther();
      await other.close();
    }
  });

  it('reports progress with an estimate while running, and why it failed in the caller\'s language', async () => {
    const o = await signUp(t, { name: 'Progress Tea' });
    const startedAt = new Date(Date.now() - 10_000);
    await t.deps.dbh.db.insert(platformSyncs).values({
      shopId: o.shopId, platform: 'shopify', status: 'running', stage: 'customers', rowsDone: 50, stageTotals: { customers: 100 }, startedAt,
    });
    const running = await t.call(api.platformSync.status, { token: o.token });
    // Customers counted (100); products and orders not yet, guessed as many: 300, 250 left at 5 a second.
    expect(running.body.data).toMatchObject({ status: 'running', stage: 'customers', done: 50, estimated: 300, error: null });
    expect(running.body.data?.eta_seconds).toBeGreaterThanOrEqual(49);
    expect(running.body.data?.eta_seconds).toBeLessThanOrEqual(52);

    await t.deps.dbh.db.update(platformSyncs).set({ status: 'failed', error: 'errors.platformSync.unauthorized' }).where(eq(platformSyncs.shopId, o.shopId));
    const zh = await t.call(api.platformSync.status, { token: o.token, lang: 'zh-CN' });
    expect(zh.body.data).toMatchObject({ status: 'failed', eta_seconds: null, error: '店铺平台拒绝了访问令牌，请重新授权应用。' });
    const other = await signUp(t, { name: 'Never Synced Tea' });
    expect((await t.call(api.platformSync.status, { token: other.token })).body.data).toBeNull();
  });
});
