import { api, type LiveItem, type LiveSnapshot } from '@storecast/contract';
import { events, orders, subscribers, visitors } from '@storecast/db';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { storefront, storeOf, visitorId } from '../storefront/test/storefront-fixtures.ts';
import { openEventStream } from './test/read-event-stream.ts';

/**
 * Shopper actions (keyset paging, filters in the store's zone), a shopper's profile, store
 * scoping, and the live stream over a real HTTP connection: counts first, then what happens.
 */
let t: TestApp;
let o: { token: string; shopId: string };
let other: { token: string; shopId: string };
let base = '';
let subA = 0;
let subOther = 0;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t);
  other = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const db = t.deps.dbh.db;
  const [a] = await db.insert(subscribers).values({
    shopId: o.shopId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', source: 'popup',
    consent: { source: 'popup', at: '2026-01-01T00:00:00.000Z', popup_id: 'x', popup_name: 'Welcome' },
    subscribedAt: at('2026-01-01T00:00:00Z'), orderCount: 2, totalSpent: 4500, lastOrderAt: new Date(), lastOpenAt: new Date(),
  }).returning({ id: subscribers.id });
  subA = a!.id;
  const [b] = await db.insert(subscribers).values({ shopId: other.shopId, email: 'bob@example.com', source: 'import' })
    .returning({ id: subscribers.id });
  subOther = b!.id;
  await db.insert(visitors).values([
    { shopId: o.shopId, visitorId: visitorId('anon'), firstSeenAt: at('2026-01-01T10:00:00Z') },
    { shopId: o.shopId, visitorId: visitorId('ann'), subscriberId: subA },
  ]);
  // Asia/Shanghai is UTC+8: 16:30Z on the 1st is 00:30 on the 2nd in the store's zone.
  await db.insert(events).values([
    { shopId: o.shopId, subscriberId: subA, type: 'viewed_product', occurredAt: at('2026-01-01T15:00:00Z'), subject: 'p1' },
    { shopId: o.shopId, subscriberId: subA, type: 'added_to_cart', occurredAt: at('2026-01-01T16:30:00Z'), subject: 'p1' },
    { shopId: o.shopId, subscriberId: subA, type: 'opened', occurredAt: at('2026-01-02T03:00:00Z'), subject: 's1' },
    { shopId: o.shopId, visitorId: visitorId('anon'), type: 'viewed_page', occurredAt: at('2026-01-02T03:00:00Z'), subject: null },
    { shopId: o.shopId, visitorId: visitorId('anon'), type: 'viewed_page', occurredAt: at('2026-01-03T01:00:00Z') },
    { shopId: other.shopId, subscriberId: subOther, type: 'viewed_product', occurredAt: at('2026-01-02T03:00:00Z'), subject: 'theirs' },
  ]);
  await db.insert(orders).values([
    { shopId: o.shopId, externalId: 'A-1', subscriberId: subA, email: 'ann@example.com', currency: 'USD', total: 2000, placedAt: at('2026-01-02T03:00:00Z') },
    { shopId: o.shopId, externalId: 'A-2', subscriberId: subA, email: 'ann@example.com', currency: 'USD', total: 2500, placedAt: at('2026-01-04T00:00:00Z') },
    { shopId: other.shopId, externalId: 'B-1', currency: 'USD', total: 100, placedAt: at('2026-01-02T03:00:00Z') },
  ]);
});
afterAll(() => t.close());

const actions = (query: Record<string, string>, token = o.token, lang = 'en-US') =>
  t.call(api.liveview.userAction, { token, query, lang });

describe('shopper actions', () => {
  it('pages newest first by cursor, orders before events at the same instant, only this store', async () => {
    const all = await actions({ page_size: '100' });
    expect(all.body.code, all.body.msg).toBe(100);
    const keys = all.body.data.items.map((i) => `${i.type}:${i.subject ?? ''}`);
    expect(keys).toEqual([
      'order:A-2', 'viewed_page:', 'order:A-1', 'viewed_page:', 'opened:s1', 'added_to_cart:p1', 'viewed_product:p1',
    ]);
    expect(all.body.data.next_cursor).toBeNull();
    expect(all.body.data.items[0]).toMatchObject({ amount: 2500, currency: 'USD', email: 'ann@example.com', subscriber_id: String(subA) });
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await actions({ page_size: '2', ...(cursor ? { cursor } : {}) });
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.data.items.map((i) => i.key));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.body.data.items.map((i) => i.key));
    // The other store sees only its own.
    const theirs = await actions({}, other.token);
    expect(theirs.body.data.items.map((i) => i.subject).sort()).toEqual(['B-1', 'theirs']);
  });

  it('filters by type, by days in the store zone and by e-mail', async () => {
    const carts = await actions({ type: 'added_to_cart' });
    expect(carts.body.data.items.map((i) => i.subject)).toEqual(['p1']);
    const day2 = await actions({ from: '2026-01-02', to: '2026-01-02' });
    expect(day2.body.data.items.map((i) => i.type)).toEqual(['order', 'viewed_page', 'opened', 'added_to_cart']);
    const byMail = await actions({ email: 'ANN@example.com', type: 'order' });
    expect(byMail.body.data.items.map((i) => i.subject)).toEqual(['A-2', 'A-1']);
    expect((await actions({ email: 'nobody@example.com' })).body.data.items).toEqual([]);
    // Another store's shopper is not found by e-mail either.
    expect((await actions({ email: 'bob@example.com' })).body.data.items).toEqual([]);
  });

  it('refuses bad input with the envelope and a localised message', async () => {
    const badCursor = await actions({ cursor: 'x.y.z' }, o.token, 'zh-CN');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.msg).toBe('分页位置无效，请从第一页重新查看。');
    expect((await actions({ from: '2026-13-01' })).status).toBe(400);
    expect((await actions({ type: 'nope' })).status).toBe(400);
    expect((await actions({ page_size: '1000000' })).status).toBe(400);
    expect((await actions({ email: 'x'.repeat(300) })).status).toBe(400);
    expect((await actions({ cursor: `${'9'.repeat(16)}.1.${'9'.repeat(18)}` })).status).toBe(200);
  });
});

describe('a shopper profile', () => {
  const info = (query: Record<string, string>, token = o.token, lang = 'en-US') =>
    t.call(api.liveview.ukeyInfo, { token, query, lang });

  it('reads a subscriber with orders, level, consent and last actions', async () => {
    const res = await info({ subscriber_id: String(subA) });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.data).toMatchObject({
      email: 'ann@example.com', first_name: 'Ann', status: 'subscribed', activity_level: 'S', order_count: 2, total_spent: 4500,
      currency: 'USD', consent: { source: 'popup', popup_name: 'Welcome' },
    });
    expect(res.body.data.recent.map((r) => r.type)).toEqual(['order', 'order', 'opened', 'added_to_cart', 'viewed_product']);
    // A visitor joined to the subscriber shows the subscriber.
    const joined = await info({ visitor_id: visitorId('ann') });
    expect(joined.body.data).toMatchObject({ subscriber_id: String(subA), visitor_id: visitorId('ann'), email: 'ann@example.com' });
  });

  it('reads an anonymous visitor by its id', async () => {
    const res = await info({ visitor_id: visitorId('anon') });
    expect(res.body.data).toMatchObject({ subscriber_id: null, email: null, status: null, activity_level: null, order_count: 0 });
    expect(res.body.data.recent.map((r) => r.type)).toEqual(['viewed_page', 'viewed_page']);
  });

  it("does not find another store's shopper, a malformed id or nothing", async () => {
    const theirs = await info({ subscriber_id: String(subOther) }, o.token, 'zh-CN');
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('未找到该顾客。');
    expect((await info({ subscriber_id: String(subA) }, other.token)).status).toBe(404);
    expect((await info({ visitor_id: visitorId('anon') }, other.token)).status).toBe(404);
    expect((await info({ subscriber_id: '12abc' })).status).toBe(404);
    expect((await info({ subscriber_id: '9'.repeat(20) })).status).toBe(404);
    const none = await info({});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Give a subscriber id or a visitor id.');
  });
});

describe('the live stream', () => {
  const streamUrl = () => `${base}/api/liveview/stream`;

  it('opens with the last 30 minutes, then pushes what happens after it connected', async () => {
    const { key, origin } = await storeOf(t, o.shopId);
    // Before connecting: one visitor now, counted in the first message.
    const before = await storefront(t, 'POST', 'events', {
      body: { key, visitor_id: visitorId('live1'), events: [{ type: 'viewed_page', at: Date.now(), url: `${origin}/` }] }, origin,
    });
    expect(before.status).toBe(200);
    const s = await openEventStream(streamUrl(), o.token);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toContain('text/event-stream');
      const first = await s.next(() => true);
      expect(first.event).toBe('snapshot');
      expect((first.data as LiveSnapshot).counts).toEqual({ visitors: 1, sign_ups: 0, cart_adds: 0, orders: 0, opens: 0 });
      expect(s.raw[0]).toMatch(/^retry: \d+$/);
      // The window's newest lines come with it, so the feed does not start empty.
      expect((first.data as LiveSnapshot).recent.map((i) => [i.type, i.visitor_id, i.new_visitor])).toEqual([['viewed_page', visitorId('live1'), true]]);
      // After connecting: the same visitor again (no new visitor), a new one adding to cart, an order.
      await storefront(t, 'POST', 'events', {
        body: { key, visitor_id: visitorId('live1'), events: [{ type: 'viewed_page', at: Date.now(), url: `${origin}/a` }] }, origin,
      });
      await storefront(t, 'POST', 'events', {
        body: { key, visitor_id: visitorId('live2'), events: [
          { type: 'viewed_page', at: Date.now(), url: `${origin}/` },
          { type: 'added_to_cart', at: Date.now(), url: `${origin}/p`, subject: 'sku-9' },
        ] }, origin,
      });
      await t.deps.dbh.db.insert(orders).values({ shopId: o.shopId, externalId: 'LIVE-1', currency: 'USD', total: 999, placedAt: new Date() });
      // Another store's event must never reach this stream.
      await t.deps.dbh.db.insert(events).values({ shopId: other.shopId, type: 'added_to_cart', occurredAt: new Date(), subject: 'theirs' });
      const seen: LiveItem[] = [];
      await s.next((m) => {
        if (m.event === 'items') seen.push(...(m.data as LiveItem[]).filter((i) => !seen.some((x) => x.key === i.key)));
        return seen.some((i) => i.type === 'order');
      });
      const pages = seen.filter((i) => i.type === 'viewed_page');
      expect(pages.map((p) => [p.visitor_id, p.new_visitor])).toEqual([[visitorId('live1'), false], [visitorId('live2'), true]]);
      expect(seen.find((i) => i.type === 'added_to_cart')).toMatchObject({ subject: 'sku-9' });
      expect(seen.find((i) => i.type === 'order')).toMatchObject({ subject: 'LIVE-1', amount: 999, currency: 'USD' });
      expect(seen.some((i) => i.subject === 'theirs')).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('refuses a bad session with the envelope, and caps streams per store', async () => {
    const bad = await fetch(`${base}/api/liveview/stream`, { headers: { authorization: 'Bearer nope', 'accept-language': 'en-US' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 102, msg: 'Verification failed, please Login again.' });
    const none = await fetch(`${base}/api/liveview/stream`);
    expect(none.status).toBe(401);

    const open = [];
    try {
      for (let i = 0; i < 5; i += 1) {
        const s = await openEventStream(streamUrl(), o.token);
        open.push(s);
        await s.next((m) => m.event === 'snapshot');
      }
      const sixth = await fetch(streamUrl(), { headers: { authorization: `Bearer ${o.token}`, 'accept-language': 'zh-CN' } });
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toMatchObject({ code: expect.any(Number), msg: '实时数据页面打开得太多了，请关闭其他页面后再试。' });
      // Another store has its own places.
      const theirs = await openEventStream(streamUrl(), other.token);
      await theirs.next((m) => m.event === 'snapshot');
      await theirs.close();
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
    // Closed streams give their places back (the server sees each close shortly after).
    const again = await waitFor(async () => {
      const s = await openEventStream(streamUrl(), o.token);
      if (s.res.status === 200) return s;
      await s.close();
      return null;
    });
    await again.next((m) => m.event === 'snapshot');
    await again.close();
  });
});

/** Retries `probe` until it returns something, for states the server reaches on its own. */
async function waitFor<T>(probe: () => Promise<T | null>, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('state not reached');
}
