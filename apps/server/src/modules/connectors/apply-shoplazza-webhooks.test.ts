import { customers, events, orders, platformConnections, platformWebhooks, products, shops, subscribers } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCustomer, fakeOrder, fakeProduct } from '../../test/fake-shoplazza/fake-shoplazza-shop.ts';
import { type FakeShoplazza, startFakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { platformWebhookJob } from './apply-platform-webhooks-job.ts';

/**
 * Webhooks from the fake Shoplazza, signed with the app's secret and POSTed over HTTP to the
 * webhooks' door; the job applies them through the same ingestion writers as Shopify's.
 */
const SHOP = 'jade-tea.myshoplaza.com';
let t: TestApp;
let fake: FakeShoplazza;
let owner: { token: string; shopId: string };
let to = '';
let stopJob: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeShoplazza({ clientId: 'lazza-key', clientSecret: 'lazza-secret' });
  fake.addShop(SHOP);
  t = await startTestApp({ platformApps: { shoplazza: { apiKey: fake.clientId, apiSecret: fake.clientSecret, apiBase: fake.apiBase } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  to = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/platforms/shoplazza/webhooks`;
  owner = await signUp(t, { name: 'Jade Tea' });
  await t.deps.dbh.db.insert(platformConnections).values({ shopId: owner.shopId, platform: 'shoplazza', shopDomain: SHOP });
  await t.deps.dbh.db.update(shops).set({ currency: 'USD' }).where(eq(shops.id, owner.shopId));
  stopJob = await platformWebhookJob.start(t.deps, t.app.log);
}, 60_000);
afterAll(async () => {
  await stopJob?.();
  await t?.close();
  await fake?.close();
});

const db = () => t.deps.dbh.db;
async function send(topic: string, payload: unknown, opts: { eventId?: string } = {}) {
  const d = await fake.sendWebhook(SHOP, topic, payload, { to, ...opts });
  expect(d.status, d.body).toBe(200);
  return d;
}
const settled = () => waitFor(async () => {
  const waiting = await db().select({ id: platformWebhooks.eventId }).from(platformWebhooks).where(isNull(platformWebhooks.processedAt));
  return waiting.length === 0;
}, 15_000);
const webhook = async (eventId: string) => (await db().select().from(platformWebhooks).where(eq(platformWebhooks.eventId, eventId)))[0]!;
const subscriberBy = async (email: string) =>
  (await db().select().from(subscribers).where(and(eq(subscribers.shopId, owner.shopId), eq(subscribers.email, email))))[0];
const customerBy = async (id: string) => (await db().select().from(customers).where(and(eq(customers.shopId, owner.shopId), eq(customers.externalId, id))))[0];
const orderBy = async (id: string) => (await db().select().from(orders).where(and(eq(orders.shopId, owner.shopId), eq(orders.externalId, id))))[0];

describe('Shoplazza webhooks', () => {
  it('a signed customers/create adds the customer and, with consent, the subscriber; the same event twice counts once', async () => {
    const c = fakeCustomer({ email: 'mei@example.com', phone: '+8613800000001', first_name: 'Mei', subscribed_flag: 4, sms_subscribed_flag: 3, updated_at: '2026-11-02T00:00:00Z' });
    const first = await send('customers/create', c, { eventId: 'dedup-1' });
    await send('customers/create', c, { eventId: 'dedup-1' });
    await settled();
    expect((await db().select().from(platformWebhooks).where(eq(platformWebhooks.eventId, 'dedup-1')))).toHaveLength(1);
    expect(await webhook(first.eventId)).toMatchObject({ platform: 'shoplazza', error: null });
    expect(await customerBy(String(c.id))).toMatchObject({ email: 'mei@example.com', firstName: 'Mei' });
    expect(await subscriberBy('mei@example.com')).toMatchObject({ status: 'subscribed' });
  });

  it('an older customers/update after a newer one changes nothing; a newer one is applied', async () => {
    const c = fakeCustomer({ email: 'ling@example.com', first_name: 'Ling', subscribed_flag: 3, updated_at: '2026-11-05T00:00:00Z' });
    await send('customers/update', c);
    const old = await send('customers/update', { ...c, first_name: 'Old Ling', updated_at: '2026-11-04T00:00:00Z' });
    await settled();
    expect((await customerBy(String(c.id)))!.firstName).toBe('Ling');
    expect((await webhook(old.eventId)).error).toBe('older than the stored record');
    await send('customers/update', { ...c, first_name: 'Ling Ling', updated_at: '2026-11-06T00:00:00Z' });
    await settled();
    expect((await customerBy(String(c.id)))!.firstName).toBe('Ling Ling');
  });

  it('a bad or missing signature is refused and keeps nothing', async () => {
    const before = (await db().select().from(platformWebhooks)).length;
    const forged = await fake.sendWebhook(SHOP, 'customers/create', fakeCustomer({ email: 'forged@example.com', subscribed_flag: 4 }), { to, badSignature: true });
    expect(forged.status).toBe(401);
    const bare = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shoplazza-topic': 'customers/create', 'x-shoplazza-shop-domain': SHOP }, body: '{}' });
    expect(bare.status).toBe(401);
    expect((await db().select().from(platformWebhooks)).length).toBe(before);
    expect(await subscriberBy('forged@example.com')).toBeUndefined();
  });

  it('orders are written when paid, with refunds taken off, and cancelled; an unpaid one waits', async () => {
    const c = fakeCustomer({ email: 'buyer@example.com', subscribed_flag: 4 });
    await send('customers/create', c);
    const o = fakeOrder({ customer_id: c.id, email: 'buyer@example.com', total_price: '40.00', financial_status: 'pending', updated_at: '2026-11-10T00:00:00Z' });
    const pending = await send('orders/create', o);
    await settled();
    expect(await orderBy(String(o.id))).toBeUndefined();
    expect((await webhook(pending.eventId)).error).toMatch(/not paid yet/);
    await send('orders/paid', { order: { ...o, financial_status: 'paid', updated_at: '2026-11-10T01:00:00Z' } });
    await settled();
    expect(await orderBy(String(o.id))).toMatchObject({ total: 4000, status: 'paid', currency: 'USD' });
    await send('orders/refunded', { ...o, financial_status: 'partially_refunded', refund_price: '15.00', updated_at: '2026-11-10T02:00:00Z' });
    await settled();
    expect(await orderBy(String(o.id))).toMatchObject({ total: 2500, status: 'paid' });
    await send('orders/updated', { ...o, financial_status: 'paid', updated_at: '2026-11-10T00:30:00Z' });
    await send('orders/cancelled', { ...o, financial_status: 'refunded', cancelled_at: '2026-11-10T03:00:00Z', updated_at: '2026-11-10T03:00:00Z' });
    await settled();
    expect(await orderBy(String(o.id))).toMatchObject({ status: 'cancelled' });
  });

  it('a checkout records started_checkout once; products are written and deleted', async () => {
    const checkout = {
      id: 'a3c1d0c2-0000-4000-8000-000000000abc', email: 'mei@example.com', created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      completed_at: null, abandoned_checkout_url: `https://${SHOP}/checkout/abc`, total_price: '12.50', currency: 'USD', line_items: [],
    };
    await send('checkouts/create', checkout);
    await send('checkouts/update', checkout);
    const p = fakeProduct({ title: 'Longjing', updated_at: '2026-11-05T00:00:00Z' });
    // Shoplazza's reference shows product webhooks wrapped in `product`.
    await send('products/create', { product: p });
    await send('products/update', { ...p, title: 'Longjing (old)', updated_at: '2026-11-04T00:00:00Z' });
    await settled();
    const s = await subscriberBy('mei@example.com');
    const evs = await db().select().from(events).where(and(eq(events.shopId, owner.shopId), eq(events.subscriberId, s!.id), eq(events.type, 'started_checkout')));
    expect(evs).toHaveLength(1);
    const [row] = await db().select().from(products).where(and(eq(products.shopId, owner.shopId), eq(products.externalId, String(p.id))));
    expect(row).toMatchObject({ title: 'Longjing', collection: 'Tea' });
    expect(Number(row!.price)).toBe(1250);
    await send('products/delete', { id: p.id });
    await settled();
    expect(await db().select().from(products).where(and(eq(products.shopId, owner.shopId), eq(products.externalId, String(p.id))))).toHaveLength(0);
  });

  it('hostile payloads are marked processed with an error and never block the ones after them', async () => {
    const hostile = [
      ['customers/create', JSON.stringify(fakeCustomer({ email: 'nul@example.com', first_name: 'A\u0000B', subscribed_flag: 4 }))],
      ['customers/create', JSON.stringify({ id: { $gt: 1 }, email: 5, subscribed_flag: '4' })],
      ['orders/create', JSON.stringify({ id: 'DROP TABLE x', financial_status: 'paid', line_items: 'none', total_price: -5, currency: 42 })],
      ['products/create', JSON.stringify({ product: { id: '../x', title: '', variants: [{}], tags: [{}] } })],
      ['checkouts/create', JSON.stringify({ id: 'x'.repeat(500), email: 'not an address', created_at: null })],
    ] as const;
    const sent = [];
    for (const [topic, body] of hostile) sent.push(await send(topic, body));
    const good = await send('customers/create', fakeCustomer({ email: 'after@example.com', subscribed_flag: 4 }));
    await settled();
    for (const d of sent) {
      const w = await webhook(d.eventId);
      expect(w.processedAt, d.topic).not.toBeNull();
      expect(w.error, d.topic).toBeTruthy();
    }
    expect(await webhook(good.eventId)).toMatchObject({ error: null });
    expect(await subscriberBy('after@example.com')).toMatchObject({ status: 'subscribed' });
    expect(await subscriberBy('nul@example.com')).toBeUndefined();
  });

  it('an unsubscribe on Shoplazza (flag 1 or 2) unsubscribes the subscriber; SMS consent alone adds an SMS subscriber', async () => {
    const now = Date.now();
    const c = fakeCustomer({ email: 'flag@example.com', subscribed_flag: 4, updated_at: new Date(now - 60_000).toISOString() });
    await send('customers/create', c);
    await settled();
    const sub = await subscriberBy('flag@example.com');
    expect(sub).toMatchObject({ status: 'subscribed' });
    await send('customers/update', { ...c, subscribed_flag: 2, updated_at: new Date(now).toISOString() });
    await settled();
    expect(await subscriberBy('flag@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect(await db().select().from(events).where(and(eq(events.subscriberId, sub!.id), eq(events.type, 'unsubscribed')))).toHaveLength(1);

    const text = fakeCustomer({ email: 'sms-only@example.com', phone: '+8613800000077', subscribed_flag: 0, sms_subscribed_flag: 4 });
    await send('customers/create', text);
    await settled();
    const [bySms] = await db().select().from(subscribers).where(and(eq(subscribers.shopId, owner.shopId), eq(subscribers.phone, '+8613800000077')));
    expect(bySms).toMatchObject({ email: null, smsStatus: 'subscribed', customerRef: String(text.id) });
  });

  it('app/uninstalled marks the link uninstalled and the store not authorised; its data stays', async () => {
    await send('app/uninstalled', { id: 633130, domain: SHOP });
    await settled();
    expect((await db().select().from(platformConnections).where(eq(platformConnections.shopId, owner.shopId)))[0]).toMatchObject({ status: 'uninstalled' });
    expect((await db().select({ s: shops.installStatus }).from(shops).where(eq(shops.id, owner.shopId)))[0]!.s).toBe(0);
    expect(await subscriberBy('mei@example.com')).toBeDefined();
  });
});
