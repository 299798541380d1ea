import { customers, events, orders, platformConnections, platformWebhooks, products, shops, subscribers } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeShoplineCustomer, fakeShoplineId, fakeShoplineOrder, fakeShoplineProduct } from '../../test/fake-shopline/fake-shopline-shop.ts';
import { type FakeShopline, startFakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { platformWebhookJob } from './apply-platform-webhooks-job.ts';

/**
 * Webhooks from the fake Shopline, signed with the app's secret and POSTed over HTTP to the
 * webhooks' door; the job applies them through the same ingestion writers as Shopify's.
 */
const HANDLE = 'jade-tea';
const DOMAIN = `${HANDLE}.myshopline.com`;
let t: TestApp;
let fake: FakeShopline;
let owner: { token: string; shopId: string };
let to = '';
let stopJob: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeShopline({ appKey: 'line-key', appSecret: 'line-secret' });
  fake.addShop(HANDLE);
  t = await startTestApp({ platformApps: { shopline: { apiKey: fake.appKey, apiSecret: fake.appSecret, apiBase: fake.apiBase } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  to = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/platforms/shopline/webhooks`;
  owner = await signUp(t, { name: 'Jade Tea' });
  await t.deps.dbh.db.insert(platformConnections).values({ shopId: owner.shopId, platform: 'shopline', shopDomain: DOMAIN });
  await t.deps.dbh.db.update(shops).set({ currency: 'USD' }).where(eq(shops.id, owner.shopId));
  stopJob = await platformWebhookJob.start(t.deps, t.app.log);
}, 60_000);
afterAll(async () => {
  await stopJob?.();
  await t?.close();
  await fake?.close();
});

const db = () => t.deps.dbh.db;
async function send(topic: string, payload: unknown, opts: { eventId?: string; encoding?: 'hex' | 'base64' } = {}) {
  const d = await fake.sendWebhook(HANDLE, topic, payload, { to, ...opts });
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
const subscribed = { email_marketing_consent: { state: 'subscribed' } };

describe('Shopline webhooks', () => {
  it('a signed customers/create adds the customer and, with consent, the subscriber; the same event twice counts once', async () => {
    const c = fakeShoplineCustomer({
      email: 'mei@example.com', phone: '+8613800000001', first_name: 'Mei', ...subscribed, sms_marketing_consent: { state: 'subscribed' },
      updated_at: '2026-11-02T00:00:00Z',
    });
    const first = await send('customers/create', c, { eventId: 'line-1' });
    // Signed in base64 as Shopline's page shows, the second delivery of the same event.
    await send('customers/create', c, { eventId: 'line-1', encoding: 'base64' });
    await settled();
    expect(await db().select().from(platformWebhooks).where(eq(platformWebhooks.eventId, 'line-1'))).toHaveLength(1);
    expect(await webhook(first.eventId)).toMatchObject({ platform: 'shopline', error: null });
    expect(await customerBy(String(c.id))).toMatchObject({ email: 'mei@example.com', firstName: 'Mei' });
    expect(await subscriberBy('mei@example.com')).toMatchObject({ status: 'subscribed' });
  });

  it('an older customers/update after a newer one changes nothing; a newer one is applied', async () => {
    const c = fakeShoplineCustomer({ email: 'ling@example.com', first_name: 'Ling', ...subscribed, updated_at: '2026-11-05T00:00:00Z' });
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
    const forged = await fake.sendWebhook(HANDLE, 'customers/create', fakeShoplineCustomer({ email: 'forged@example.com', ...subscribed }), { to, badSignature: true });
    expect(forged.status).toBe(401);
    const bare = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopline-topic': 'customers/create', 'x-shopline-shop-domain': DOMAIN }, body: '{}' });
    expect(bare.status).toBe(401);
    expect((await db().select().from(platformWebhooks)).length).toBe(before);
    expect(await subscriberBy('forged@example.com')).toBeUndefined();
  });

  it('orders are written when paid, refunds come off, cancelled ones are marked; an unpaid one waits', async () => {
    const c = fakeShoplineCustomer({ email: 'buyer@example.com', ...subscribed });
    await send('customers/create', c);
    const o = fakeShoplineOrder({ customer: { id: c.id }, email: 'buyer@example.com', total_price: '40.00', current_total_price: '40.00', financial_status: 'pending', updated_at: '2026-11-10T00:00:00Z' });
    const pending = await send('orders/create', o);
    await settled();
    expect(await orderBy(String(o.id))).toBeUndefined();
    expect((await webhook(pending.eventId)).error).toMatch(/not paid yet/);
    await send('orders/paid', { ...o, financial_status: 'paid', updated_at: '2026-11-10T01:00:00Z' });
    await settled();
    expect(await orderBy(String(o.id))).toMatchObject({ total: 4000, status: 'paid', currency: 'USD' });
    await send('refunds/create', { id: fakeShoplineId(), order_id: o.id, processed_at: '2026-11-10T02:00:00Z', transactions: [{ kind: 'refund', status: 'success', amount: '15.00', currency: 'USD' }] });
    await settled();
    expect(await orderBy(String(o.id))).toMatchObject({ total: 2500, status: 'paid' });
    const late = await send('orders/updated', { ...o, financial_status: 'paid', updated_at: '2026-11-10T00:30:00Z' });
    await send('orders/cancelled', { ...o, financial_status: 'refunded', cancelled_at: '2026-11-10T03:00:00Z', updated_at: '2026-11-10T03:00:00Z' });
    await settled();
    expect((await webhook(late.eventId)).error).toBe('older than the stored record');
    expect(await orderBy(String(o.id))).toMatchObject({ status: 'cancelled' });
  });

  it('a checkout records started_checkout once; products are written, older updates lose, and deleted', async () => {
    const checkout = {
      id: fakeShoplineId(), email: 'mei@example.com', created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      completed_at: null, abandoned_checkout_url: `https://${DOMAIN}/checkout/abc`, total_price: '12.50', currency: 'USD', line_items: [],
    };
    await send('checkouts/create', checkout);
    await send('checkouts/update', checkout);
    const p = fakeShoplineProduct({ title: 'Longjing', updated_at: '2026-11-05T00:00:00Z' });
    await send('products/create', p);
    await send('products/update', { product: { ...p, title: 'Longjing (old)', updated_at: '2026-11-04T00:00:00Z' } });
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
      ['customers/create', JSON.stringify(fakeShoplineCustomer({ email: 'nul@example.com', first_name: 'A\u0000B', ...subscribed }))],
      ['customers/create', JSON.stringify({ id: { $gt: 1 }, email: 5, email_marketing_consent: 'subscribed' })],
      ['orders/create', JSON.stringify({ id: 'DROP TABLE x', financial_status: 'paid', line_items: 'none', total_price: -5, currency: 42 })],
      ['refunds/create', JSON.stringify({ order_id: '../x', transactions: 'all' })],
      ['products/create', JSON.stringify({ product: { id: '../x', title: '', variants: [{}], tags: [{}] } })],
    ] as const;
    const sent = [];
    for (const [topic, body] of hostile) sent.push(await send(topic, body));
    const good = await send('customers/create', fakeShoplineCustomer({ email: 'after@example.com', ...subscribed }));
    await settled();
    for (const d of sent) {
      const w = await webhook(d.eventId);
      expect(w.processedAt, d.topic).not.toBeNull();
      expect(w.error, d.topic).toBeTruthy();
    }
    expect(await webhook(good.eventId)).toMatchObject({ error: null });
    expect(await subscriberBy('nul@example.com')).toBeUndefined();
  });

  it('customers/redact removes the customer and subscriber named in it', async () => {
    const c = fakeShoplineCustomer({ email: 'gone@example.com', ...subscribed });
    await send('customers/create', c);
    await settled();
    expect(await subscriberBy('gone@example.com')).toBeDefined();
    const redact = await send('customers/redact', { customer: { id: c.id, email: 'gone@example.com', phone: '' }, orders_to_redact: [], shop_domain: DOMAIN });
    await settled();
    expect((await webhook(redact.eventId)).error).toBeNull();
    expect(await subscriberBy('gone@example.com')).toBeUndefined();
    expect(await customerBy(String(c.id))).toBeUndefined();
  });

  it('an unsubscribe on Shopline unsubscribes the subscriber, by its state or by accepts_marketing with its time; an older one loses; SMS consent alone adds an SMS subscriber', async () => {
    const iso = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const c = fakeShoplineCustomer({ email: 'leave@example.com', ...subscribed, updated_at: iso(-10) });
    await send('customers/create', c);
    await settled();
    const sub = await subscriberBy('leave@example.com');
    expect(sub).toMatchObject({ status: 'subscribed' });
    // The "Customer subscription" topic, with the booleans and their times as its page shows; an old change loses.
    const bare = { ...c, email_marketing_consent: undefined, sms_marketing_consent: undefined };
    await send('customers_marketing_consent/update', { ...bare, accepts_marketing: false, accepts_marketing_updated_at: iso(-20) });
    await settled();
    expect(await subscriberBy('leave@example.com')).toMatchObject({ status: 'subscribed' });
    // false without its time says nothing (never asked looks the same).
    await send('customers_marketing_consent/update', { ...bare, accepts_marketing: false, accepts_marketing_updated_at: null });
    await settled();
    expect(await subscriberBy('leave@example.com')).toMatchObject({ status: 'subscribed' });
    await send('customers_marketing_consent/update', { ...bare, accepts_marketing: false, accepts_marketing_updated_at: iso(0) });
    await settled();
    expect(await subscriberBy('leave@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect(await db().select().from(events).where(and(eq(events.subscriberId, sub!.id), eq(events.type, 'unsubscribed')))).toHaveLength(1);

    // By the state on customers/update.
    const d = fakeShoplineCustomer({ email: 'state@example.com', ...subscribed, updated_at: iso(-10) });
    await send('customers/create', d);
    await send('customers/update', { ...d, email_marketing_consent: { state: 'unsubscribed', consent_updated_at: iso(0) }, updated_at: iso(0) });
    await settled();
    expect(await subscriberBy('state@example.com')).toMatchObject({ status: 'unsubscribed' });

    const text = fakeShoplineCustomer({ email: 'sms-only@example.com', phone: '+8613800000088', sms_marketing_consent: { state: 'subscribed' } });
    await send('customers/create', text);
    await settled();
    const [bySms] = await db().select().from(subscribers).where(and(eq(subscribers.shopId, owner.shopId), eq(subscribers.phone, '+8613800000088')));
    expect(bySms).toMatchObject({ email: null, smsStatus: 'subscribed', customerRef: String(text.id) });
  });

  it('apps/installed_uninstalled with an uninstall marks the link uninstalled and the store not authorised; its data stays', async () => {
    const installed = await send('apps/installed_uninstalled', { handle: HANDLE, operate: 'INSTALL', appkey: fake.appKey });
    await settled();
    expect((await webhook(installed.eventId)).error).toMatch(/app INSTALL/);
    expect((await db().select().from(platformConnections).where(eq(platformConnections.shopId, owner.shopId)))[0]).toMatchObject({ status: 'authorized' });
    await send('apps/installed_uninstalled', { handle: HANDLE, operate: 'UNINSTALL', appkey: fake.appKey });
    await settled();
    expect((await db().select().from(platformConnections).where(eq(platformConnections.shopId, owner.shopId)))[0]).toMatchObject({ status: 'uninstalled' });
    expect((await db().select({ s: shops.installStatus }).from(shops).where(eq(shops.id, owner.shopId)))[0]!.s).toBe(0);
    expect(await subscriberBy('mei@example.com')).toBeDefined();
  });
});
