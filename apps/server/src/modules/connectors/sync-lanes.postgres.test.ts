import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { countsOf, expectedOf, linkFakeShopify, startRoutedFake } from './test/sync-fixtures.ts';

/**
 * The first sync with four slices side by side (PostgreSQL only: PGlite has one connection, so
 * one slice). Guest orders carry the e-mail of customers whose own orders go to other slices, so
 * slices meet on subscribers' purchase summaries, the case where they wait on each other or
 * collide and the batch is written again as one. The store still ends with exactly the fake's
 * records, and every summary counts every order of its subscriber.
 */
const DAY = 86_400_000;
const since = new Date(Math.floor((Date.now() - 365 * DAY) / 1000) * 1000);
let t: TestApp;
let routed: Awaited<ReturnType<typeof startRoutedFake>>;

beforeAll(async () => {
  t = await startTestApp();
  routed = await startRoutedFake({ shop: 'lanes-tea.myshopify.com', bulkBatchSize: 200 }, (fake) => {
    fake.seed({ customers: 800, orders: 2500, products: 30, start: Date.now() - 300 * DAY, spanDays: 300 });
    // Guest checkouts by customers who also ordered signed in, spread over the batches.
    for (const o of [...fake.store.orders].filter((x) => x.customerId !== null).slice(0, 600)) {
      fake.store.orders.add({ ...o, name: `${o.name}-g`, customerId: null, lineItems: o.lineItems.map((l) => ({ ...l, id: l.id + 90_000_000 })) });
    }
  });
}, 60_000);
afterAll(async () => {
  await routed?.close();
  await t?.close();
});

describe('a first sync in four slices', () => {
  it('ends with exactly the fake store\'s records and whole purchase summaries', async () => {
    expect(t.deps.dbh.kind).toBe('postgres');
    const o = await signUp(t, { name: 'Four Lanes Tea' });
    await linkFakeShopify(t, o.shopId, routed.fake);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shopify');
    const [claimed] = await claimSyncs(t.deps.dbh.db, 60_000, { shopId: o.shopId, platform: 'shopify' });
    expect(await runClaimedSync(t.deps, claimed!, { leaseMs: 60_000, pollMs: 20, ordersSince: () => since, concurrency: 4 })).toBe('done');

    const want = expectedOf(routed.fake, since);
    expect(want.orders.length).toBeGreaterThan(2000);
    expect(await countsOf(t, o.shopId)).toEqual({
      customers: 800, subscribers: want.subscribers.length, sms: want.smsSubscribed.length, orders: want.orders.length,
      items: want.orders.reduce((n, x) => n + x.lineItems.length, 0), products: 30,
      variants: want.products.reduce((n, p) => n + p.variants.length, 0),
    });
    const { rows: [wrong] } = await t.deps.dbh.query<{ n: number }>(`select count(*)::int as n from subscribers s
      cross join lateral (select count(*)::int as n, coalesce(sum(o.total), 0) as spent
        from orders o where o.shop_id = s.shop_id and o.subscriber_id = s.id and o.status = 'paid') x
      where s.shop_id = $1 and (s.order_count <> x.n or s.total_spent <> x.spent)`, [o.shopId]);
    expect(wrong?.n).toBe(0);
    const { rows: [guests] } = await t.deps.dbh.query<{ n: number }>(
      `select count(*)::int as n from orders where shop_id = $1 and customer_ref is null and subscriber_id is not null`, [o.shopId]);
    expect(guests?.n).toBeGreaterThan(50);
  }, 180_000);
});
