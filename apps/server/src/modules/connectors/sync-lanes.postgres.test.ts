import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gid } from '../../test/fake-shopify/fake-shopify-store.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { claimSyncs, queueFirstSync, runClaimedSync, sliceOf } from './sync-platform-store.ts';
import { countsOf, expectedOf, linkFakeShopify, startRoutedFake } from './test/sync-fixtures.ts';

/**
 * The first sync with four slices side by side (PostgreSQL only: PGlite has one connection, so
 * one slice). Guest orders carry the e-mail of customers whose own orders go to other slices, so
 * slices meet on subscribers' purchase summaries. One customer's signed-in order and guest order
 * are made to fall in one batch and in two slices (the slices' own rule decides), and the test
 * holds that subscriber's row while the batch is written: both slices are seen waiting on it at
 * once, in the purchase summary's recount, so the contested case happens on every run, not when
 * timing allows. Once the row is let go, the store still ends with exactly the fake's records,
 * and every summary, the contested one included, counts every order of its subscriber.
 */
const DAY = 86_400_000;
const LANES = 4;
const since = new Date(Math.floor((Date.now() - 365 * DAY) / 1000) * 1000);
let t: TestApp;
let routed: Awaited<ReturnType<typeof startRoutedFake>>;
/** The customer whose two orders two slices write. */
let contested: { id: number; email: string; orders: string[] };

beforeAll(async () => {
  t = await startTestApp();
  routed = await startRoutedFake({ shop: 'lanes-tea.myshopify.com', bulkBatchSize: 200 }, (fake) => {
    fake.seed({ customers: 800, orders: 2500, products: 30, start: Date.now() - 300 * DAY, spanDays: 300 });
    // Guest checkouts by customers who also ordered signed in, spread over the batches.
    for (const o of [...fake.store.orders].filter((x) => x.customerId !== null).slice(0, 600)) {
      fake.store.orders.add({ ...o, name: `${o.name}-g`, customerId: null, lineItems: o.lineItems.map((l) => ({ ...l, id: l.id + 90_000_000 })) });
    }
    // A new customer (no other orders) whose signed-in order and guest order, the last two in
    // the file and so in its last batch, go to different slices.
    const id = fake.store.customers.size + 1;
    const slices = (email: string) => [
      sliceOf('orders', { customer: { id: gid('Customer', id) }, email }, LANES), sliceOf('orders', { customer: null, email }, LANES)];
    const email = Array.from({ length: 50 }, (_, n) => `contested-${n}@example.com`).find((e) => new Set(slices(e)).size === 2)!;
    const c = fake.store.customers.add({
      email, phone: null, firstName: 'Con', lastName: 'Tested', createdAt: new Date(Date.now() - 40 * DAY).toISOString(),
      updatedAt: new Date(Date.now() - 40 * DAY).toISOString(), tags: [], smsMarketingConsent: null,
      emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: new Date(Date.now() - 40 * DAY).toISOString() },
    });
    const model = [...fake.store.orders].find((o) => o.refunds.length === 0 && o.lineItems.length > 0)!;
    const at = new Date(Date.now() - 2 * DAY).toISOString();
    const orders = [
      fake.store.orders.add({ ...model, name: '#contested-1', email, customerId: c.id, createdAt: at, updatedAt: at, processedAt: at,
        lineItems: model.lineItems.map((l) => ({ ...l, id: l.id + 80_000_000 })) }),
      fake.store.orders.add({ ...model, name: '#contested-2', email, customerId: null, createdAt: at, updatedAt: at, processedAt: at,
        lineItems: model.lineItems.map((l) => ({ ...l, id: l.id + 81_000_000 })) }),
    ];
    contested = { id: c.id, email, orders: orders.map((o) => String(o.id)) };
  });
}, 60_000);
afterAll(async () => {
  await routed?.close();
  await t?.close();
});

describe('a first sync in four slices', () => {
  it('writes one subscriber\'s orders in two slices that wait on each other, and ends with exactly the fake store\'s records and whole purchase summaries', async () => {
    expect(t.deps.dbh.kind).toBe('postgres');
    expect(contested.email).toBeDefined();
    const o = await signUp(t, { name: 'Four Lanes Tea' });
    await linkFakeShopify(t, o.shopId, routed.fake);
    await queueFirstSync(t.deps.dbh.db, o.shopId, 'shopify');
    const opts = { leaseMs: 60_000, pollMs: 20, ordersSince: () => since, concurrency: LANES };

    // Customers and products first: the sync stops before its first batch of orders (asked
    // before each batch: customers, products, then orders).
    let asked = 0;
    const [first] = await claimSyncs(t.deps.dbh.db, 60_000, { shopId: o.shopId, platform: 'shopify' });
    expect(await runClaimedSync(t.deps, first!, { ...opts, stopping: () => ++asked > 2 })).toBe('stopped');
    const { rows: [sub] } = await t.deps.dbh.query<{ id: string }>(
      `select id from subscribers where shop_id = $1 and customer_ref = $2`, [o.shopId, String(contested.id)]);
    expect(sub).toBeDefined();
    const { rows: [ordersBefore] } = await t.deps.dbh.query<{ n: number }>(`select count(*)::int as n from orders where shop_id = $1`, [o.shopId]);
    expect(ordersBefore?.n).toBe(0);

    // The contested subscriber's row, held as the summary's recount holds it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let holder!: (pid: number) => void;
    const held = new Promise<number>((resolve) => { holder = resolve; });
    const holding = t.deps.dbh.transaction(async (c) => {
      const { rows } = await c.query<{ pid: number }>(`select pg_backend_pid() as pid from subscribers where id = $1 for no key update`, [sub!.id]);
      holder(rows[0]!.pid);
      await gate;
    });
    const pid = await held;
    let run: Promise<string> | undefined;
    try {
      const [again] = await claimSyncs(t.deps.dbh.db, 0, { shopId: o.shopId, platform: 'shopify' });
      expect(again?.stage).toBe('orders');
      run = runClaimedSync(t.deps, again!, opts);
      // Two sessions wait on that row at once, each at the recount's lock.
      await expect.poll(async () => (await t.deps.dbh.query<{ query: string }>(
        `select query from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`, [pid])).rows.map((r) => /for no key update/i.test(r.query)),
      { timeout: 120_000, interval: 50 }).toEqual([true, true]);
    } finally {
      release();
      await holding;
    }
    expect(await run).toBe('done');

    const want = expectedOf(routed.fake, since);
    expect(want.orders.length).toBeGreaterThan(2000);
    expect(await countsOf(t, o.shopId)).toEqual({
      customers: want.customers.length, subscribers: want.subscribers.length, sms: want.smsSubscribed.length, orders: want.orders.length,
      items: want.orders.reduce((n, x) => n + x.lineItems.length, 0), products: 30,
      variants: want.products.reduce((n, p) => n + p.variants.length, 0),
    });
    const { rows: [wrong] } = await t.deps.dbh.query<{ n: number }>(`select count(*)::int as n from subscribers s
      cross join lateral (select count(*)::int as n, coalesce(sum(o.total), 0) as spent
        from orders o where o.shop_id = s.shop_id and o.subscriber_id = s.id and o.status = 'paid') x
      where s.shop_id = $1 and (s.order_count <> x.n or s.total_spent <> x.spent)`, [o.shopId]);
    expect(wrong?.n).toBe(0);
    // Both slices' orders are on the contested subscriber, and its summary counts both.
    const { rows: [mine] } = await t.deps.dbh.query<{ order_count: number; linked: string[] }>(`select s.order_count,
        array(select o.external_id from orders o where o.shop_id = s.shop_id and o.subscriber_id = s.id order by o.external_id) as linked
      from subscribers s where s.id = $1`, [sub!.id]);
    expect(mine).toEqual({ order_count: 2, linked: [...contested.orders].sort() });
    const { rows: [guests] } = await t.deps.dbh.query<{ n: number }>(
      `select count(*)::int as n from orders where shop_id = $1 and customer_ref is null and subscriber_id is not null`, [o.shopId]);
    expect(guests?.n).toBeGreaterThan(50);
  }, 240_000);
});
