import { api } from '@storecast/contract';
import { customers, deliveries, events, flowRuns, orders, platformConnections, platformWebhooks, shops, strategies, subscribers } from '@storecast/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { recountAllDirty } from '../dashboard/recount-days.ts';
import { DOC, setVolume, waitFor } from '../delivery/test/fixtures.ts';
import { advanceDueRuns } from '../flows/advance-due-runs.ts';
import { flowEmailSource } from '../flows/index.ts';
import { seedFlow } from '../flows/test/seed-flow.ts';
import { runScheduledStart } from '../strategy/jobs.ts';
import { deliverSend } from '../delivery/deliver-batches.ts';
import { segmentSendSource } from '../strategy/index.ts';
import { platformWebhookJob } from './apply-platform-webhooks-job.ts';
import { completeInstall } from './callback-complete-install.ts';

/**
 * Webhooks from a fake Shopify on loopback, signed with the app's secret and POSTed over HTTP to
 * the app's webhooks' door; the job applies them through the ingestion writers.
 */
const SECRET = 'shopify-app-secret';
const SHOP = 'tea.myshopify.com';
let t: TestApp;
let fake: FakeShopify;
let owner: { token: string; shopId: string };
let to = '';
let currency = '';
let stopJob: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeShopify({ apiKey: 'shopify-key', apiSecret: SECRET, shop: SHOP });
  t = await startTestApp({ platformApps: { shopify: { apiKey: 'shopify-key', apiSecret: SECRET } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  to = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/platforms/shopify/webhooks`;
  owner = await signUp(t, { name: 'Webhook Tea' });
  await t.deps.dbh.db.insert(platformConnections).values({ shopId: owner.shopId, platform: 'shopify', shopDomain: SHOP });
  [{ currency }] = (await t.deps.dbh.db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, owner.shopId))) as [{ currency: string }];
  stopJob = await platformWebhookJob.start(t.deps, t.app.log);
}, 60_000);
afterAll(async () => {
  await stopJob?.();
  await t?.close();
  await fake?.close();
});

const db = () => t.deps.dbh.db;
const shopId = () => owner.shopId;

/** Sends one webhook as Shopify does; the app must answer 200 at once. */
async function send(topic: string, payload: unknown, opts: { eventId?: string } = {}) {
  const d = await fake.sendWebhook(topic, payload, { to, ...opts });
  expect(d.status, d.responseBody).toBe(200);
  return d;
}

/** Waits until the job has applied every kept webhook. */
const settled = () => waitFor(async () => {
  const waiting = await db().select({ id: platformWebhooks.eventId }).from(platformWebhooks).where(isNull(platformWebhooks.processedAt));
  return waiting.length === 0;
}, 15_000);

const webhook = async (eventId: string) => (await db().select().from(platformWebhooks).where(eq(platformWebhooks.eventId, eventId)))[0]!;
const subscriberBy = async (email: string) =>
  (await db().select().from(subscribers).where(and(eq(subscribers.shopId, shopId()), eq(subscribers.email, email))))[0];
const customerBy = async (id: string) => (await db().select().from(customers).where(and(eq(customers.shopId, shopId()), eq(customers.externalId, id))))[0];
const orderBy = async (id: string) => (await db().select().from(orders).where(and(eq(orders.shopId, shopId()), eq(orders.externalId, id))))[0];

function customer(id: number, email: string, over: Record<string, unknown> = {}) {
  return {
    id, email, first_name: 'Ada', last_name: 'Lovelace', phone: '+16135550101', state: 'enabled',
    created_at: '2026-11-01T10:00:00-05:00', updated_at: '2026-11-01T10:00:00-05:00',
    email_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in', consent_updated_at: '2026-11-01T10:00:00-05:00' },
    sms_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in', consent_updated_at: '2026-11-01T10:00:00-05:00', consent_collected_from: 'SHOPIFY' },
    admin_graphql_api_id: `gid://shopify/Customer/${id}`,
    ...over,
  };
}

function order(id: number, customerId: number, email: string, over: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    id, email, currency, financial_status: 'paid', cancelled_at: null, total_price: '59.00', current_total_price: '59.00',
    created_at: now, processed_at: now, updated_at: now, customer: { id: customerId, email },
    line_items: [{ id: id * 10, product_id: 632910392, title: 'Oolong', quantity: 2, price: '29.50' }],
    ...over,
  };
}

describe('customers', () => {
  it('a new customer with e-mail and SMS consent becomes a subscriber, and the same webhook twice counts once', async () => {
    const first = await send('customers/create', customer(7001, 'ada@example.com'));
    // Shopify's retry of the same event: the same event id.
    await fake.resendWebhook(first);
    await settled();
    expect((await db().select().from(platformWebhooks).where(eq(platformWebhooks.eventId, first.eventId)))).toHaveLength(1);
    // Applied, the body is not kept (the event id still counts it once).
    expect(await webhook(first.eventId)).toMatchObject({ error: null, payload: '' });
    const s = await subscriberBy('ada@example.com');
    expect(s).toMatchObject({ status: 'subscribed', smsStatus: 'subscribed', phone: '+16135550101', customerRef: '7001', firstName: 'Ada' });
    const all = await db().select().from(subscribers).where(and(eq(subscribers.shopId, shopId()), eq(subscribers.email, 'ada@example.com')));
    expect(all).toHaveLength(1);
    expect((await customerBy('7001'))?.platformUpdatedAt?.toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('an older update delivered after a newer one changes nothing', async () => {
    await send('customers/update', customer(7001, 'ada@example.com', { first_name: 'Newer', updated_at: '2026-11-03T00:00:00Z' }));
    const late = await send('customers/update', customer(7001, 'ada@example.com', { first_name: 'Older', updated_at: '2026-11-02T00:00:00Z' }));
    await settled();
    expect(await customerBy('7001')).toMatchObject({ firstName: 'Newer' });
    expect((await subscriberBy('ada@example.com'))?.firstName).toBe('Newer');
    expect((await webhook(late.eventId)).error).toMatch(/older/);
  });

  it('takes consent from its own topics, as API 2025-01 and later send it, keeping the customer as stored', async () => {
    // The customer payload without consent fields, as 2026-07 sends it.
    const { email_marketing_consent: _e, sms_marketing_consent: _s, ...bare } = customer(7300, 'mei@example.com', { first_name: 'Mei', phone: '+16135550177' });
    await send('customers/create', bare);
    await settled();
    expect(await customerBy('7300')).toMatchObject({ firstName: 'Mei', phone: '+16135550177' });
    expect(await subscriberBy('mei@example.com')).toBeUndefined();
    await send('customers_email_marketing_consent/update', {
      customer_id: 7300, email_address: 'mei@example.com',
      email_marketing_consent: { state: 'subscribed', opt_in_level: 'confirmed_opt_in', consent_updated_at: new Date().toISOString() },
    });
    await send('customers_marketing_consent/update', {
      id: 7300, phone: '+16135550177',
      sms_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in', consent_updated_at: new Date().toISOString(), consent_collected_from: 'OTHER' },
    });
    await settled();
    expect(await subscriberBy('mei@example.com')).toMatchObject({ status: 'subscribed', smsStatus: 'subscribed', firstName: 'Mei', customerRef: '7300' });
    expect(await customerBy('7300')).toMatchObject({ firstName: 'Mei', lastName: 'Lovelace', phone: '+16135550177' });
    await send('customers_marketing_consent/update', { id: 7300, phone: '+16135550177', sms_marketing_consent: { state: 'unsubscribed' } });
    await settled();
    expect(await subscriberBy('mei@example.com')).toMatchObject({ status: 'subscribed', smsStatus: 'unsubscribed' });
  });

  it('a customer without consent is kept as a customer, not added as a subscriber', async () => {
    await send('customers/create', customer(7002, 'nope@example.com', {
      phone: null, email_marketing_consent: { state: 'not_subscribed' }, sms_marketing_consent: null,
    }));
    await settled();
    expect(await customerBy('7002')).toMatchObject({ email: 'nope@example.com' });
    expect(await subscriberBy('nope@example.com')).toBeUndefined();
  });
});

describe('orders and refunds', () => {
  it('an order webhook\'s order shows in the dashboard\'s figures and the subscriber\'s purchases', async () => {
    const before = (await t.call(api.dashboard.orderMoney, { token: owner.token, query: { range: 'today' } })).body.data!;
    await send('orders/create', order(9001, 7001, 'ada@example.com'));
    // Paid later: the order is written once, with the paid status.
    await send('orders/paid', order(9001, 7001, 'ada@example.com'));
    await settled();
    expect(await orderBy('9001')).toMatchObject({ total: 5900, status: 'paid', customerRef: '7001' });
    expect(await subscriberBy('ada@example.com')).toMatchObject({ orderCount: 1, totalSpent: 5900 });
    await recountAllDirty(t.deps.dbh);
    const after = (await t.call(api.dashboard.orderMoney, { token: owner.token, query: { range: 'today' } })).body.data!;
    expect(after.orders - before.orders).toBe(1);
    expect(after.revenue - before.revenue).toBe(5900);
  });

  it('an order not paid yet waits for orders/paid', async () => {
    const pending = await send('orders/create', order(9002, 7001, 'ada@example.com', { financial_status: 'pending' }));
    await settled();
    expect(await orderBy('9002')).toBeUndefined();
    expect((await webhook(pending.eventId)).error).toMatch(/not paid/);
  });

  it('a refund takes its amount off the order; a full refund makes it refunded; an older order update does not undo it', async () => {
    const at = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    await send('refunds/create', {
      id: 509562969, order_id: 9001, created_at: at(1), processed_at: at(1),
      transactions: [{ id: 1, kind: 'refund', status: 'success', amount: '9.00', currency }], refund_line_items: [],
    });
    await settled();
    expect(await orderBy('9001')).toMatchObject({ total: 5000, status: 'paid' });
    expect(await subscriberBy('ada@example.com')).toMatchObject({ totalSpent: 5000 });
    // The order as it was before the refund, delivered late: older than the refund, it loses.
    await send('orders/updated', order(9001, 7001, 'ada@example.com', { updated_at: at(0) }));
    await send('refunds/create', {
      id: 509562970, order_id: 9001, created_at: at(2),
      transactions: [{ id: 2, kind: 'refund', status: 'success', amount: '50.00', currency }],
    });
    await settled();
    expect(await orderBy('9001')).toMatchObject({ total: 0, status: 'refunded' });
    expect(await subscriberBy('ada@example.com')).toMatchObject({ orderCount: 0, totalSpent: 0 });
  });
});

describe('checkouts, products', () => {
  it('checkouts/create records the started checkout and starts the abandoned-checkout flow once', async () => {
    const flow = await seedFlow(t.deps.dbh, shopId(), 'abandoned-checkout', {
      steps: [{ key: 'e1', type: 'email', title: 'Your checkout', summary: '', content: DOC, coupon_id: null }],
    });
    const checkout = {
      id: 981820079255, token: 'b1946ac92492d2347c6235b4d2611184', cart_token: 'c1', email: 'ada@example.com',
      customer: { id: 7001 }, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), completed_at: null,
      abandoned_checkout_url: 'https://tea.myshopify.com/1/checkouts/b1946/recover', total_price: '29.50', currency,
      line_items: [{ product_id: 632910392, variant_id: 1, title: 'Oolong', quantity: 1, price: '29.50' }],
    };
    await send('checkouts/create', checkout);
    await send('checkouts/update', { ...checkout, updated_at: new Date().toISOString() });
    await settled();
    const s = await subscriberBy('ada@example.com');
    const evs = await db().select().from(events).where(and(eq(events.shopId, shopId()), eq(events.subscriberId, s!.id), eq(events.type, 'started_checkout')));
    expect(evs).toHaveLength(1);
    expect(evs[0]!.properties).toMatchObject({ checkout_url: checkout.abandoned_checkout_url });
    const runs = await db().select().from(flowRuns).where(eq(flowRuns.flowId, flow.flowId));
    expect(runs).toMatchObject([{ subscriberId: s!.id, status: 'active' }]);
  });

  it('products are created, updated (an older update loses) and deleted through the catalogue writer', async () => {
    const product = {
      id: 632910392, title: 'Oolong', handle: 'oolong', status: 'active', product_type: 'Tea', tags: 'green, loose',
      updated_at: '2026-11-05T00:00:00Z', images: [{ src: 'https://cdn.shopify.com/oolong.jpg' }],
      variants: [{ id: 808950810, title: '100 g', sku: 'OOL-100', price: '29.50', compare_at_price: null, inventory_management: 'shopify', inventory_quantity: 12 }],
    };
    await send('products/create', product);
    await send('products/update', { ...product, title: 'Oolong (old)', updated_at: '2026-11-04T00:00:00Z' });
    await settled();
    const rows = await t.deps.dbh.query<{ title: string; price: string; stock: number; collection: string }>(
      `select title, price, stock, collection from products where shop_id = $1 and external_id = '632910392'`, [shopId()]);
    expect(rows.rows).toEqual([{ title: 'Oolong', price: expect.anything(), stock: 12, collection: 'Tea' }]);
    expect(Number(rows.rows[0]!.price)).toBe(2950);
    await send('products/delete', { id: 632910392 });
    await settled();
    expect((await t.deps.dbh.query(`select 1 from products where shop_id = $1 and external_id = '632910392'`, [shopId()])).rows).toHaveLength(0);
  });
});

describe('hostile payloads', () => {
  it('are marked processed with an error recorded, and never block the webhooks after them', async () => {
    const hostile = [
      ['customers/create', JSON.stringify(customer(7100, 'nul@example.com', { first_name: 'A\u0000B' }))],
      ['customers/create', JSON.stringify(customer(7101, 'huge@example.com', { first_name: 'x'.repeat(900_000) }))],
      // A lone surrogate, written as JSON's escape.
      ['customers/create', JSON.stringify(customer(7102, 'lone@example.com')).replace('"Ada"', '"\\ud800"')],
      ['customers/create', JSON.stringify({ id: { $gt: 1 }, email: 5, email_marketing_consent: 'yes', created_at: 12 })],
      ['orders/create', JSON.stringify({ id: 'DROP TABLE', financial_status: 'paid', line_items: 'none', current_total_price: -5, currency: 42 })],
      ['orders/create', JSON.stringify(order(9100, 7001, 'ada@example.com', { current_total_price: '1e308', line_items: [{ quantity: -1 }] }))],
      ['refunds/create', JSON.stringify({ order_id: 424242, created_at: 'yesterday', transactions: [null, 7] })],
      ['products/create', JSON.stringify({ id: 1, title: '', variants: [{}], status: 'gone', tags: [{}] })],
      ['checkouts/create', JSON.stringify({ token: 'x'.repeat(500), email: 'not an address', created_at: null })],
      ['customers/redact', JSON.stringify({ customer: 'all', orders_to_redact: 'all' })],
      ['shop/update', JSON.stringify({ id: 1 })],
    ] as const;
    const sent = [];
    for (const [topic, body] of hostile) sent.push(await send(topic, body));
    const good = await send('customers/create', customer(7103, 'after@example.com'));
    await settled();
    for (const d of sent) {
      const w = await webhook(d.eventId);
      expect(w.processedAt, d.topic).not.toBeNull();
      expect(w.error, `${d.topic} ${d.rawBody.slice(0, 80)}`).toBeTruthy();
    }
    expect(await subscriberBy('after@example.com')).toMatchObject({ status: 'subscribed' });
    expect(await webhook(good.eventId)).toMatchObject({ error: null });
    for (const email of ['nul@example.com', 'huge@example.com', 'lone@example.com']) expect(await subscriberBy(email)).toBeUndefined();
    // Nobody's data was touched by the hostile redact.
    expect(await subscriberBy('ada@example.com')).toBeDefined();
  });
});

describe('privacy webhooks', () => {
  it('customers/data_request records what is held about the customer', async () => {
    const d = await send('customers/data_request', {
      shop_id: 954889, shop_domain: SHOP, orders_requested: [9001],
      customer: { id: 7001, email: 'ada@example.com', phone: '+16135550101' }, data_request: { id: 9999 },
    });
    await settled();
    const w = await webhook(d.eventId);
    expect(w.error).toBeNull();
    const answer = JSON.parse(w.answer!);
    expect(answer.subscribers).toMatchObject([{ email: 'ada@example.com', phone: '+16135550101' }]);
    expect(answer.customers).toMatchObject([{ id: '7001', email: 'ada@example.com' }]);
    expect(answer.orders.map((o: { id: string }) => o.id)).toContain('9001');
  });

  it('customers/redact removes the customer\'s personal data and keeps the order amounts', async () => {
    await send('customers/create', customer(7200, 'grace@example.com', { phone: '+16135550199' }));
    await send('orders/create', order(9200, 7200, 'grace@example.com'));
    await settled();
    const sub = await subscriberBy('grace@example.com');
    expect(sub).toBeDefined();
    const asked = await send('customers/data_request', { customer: { id: 7200, email: 'grace@example.com' }, data_request: { id: 1 } });
    await settled();
    expect((await webhook(asked.eventId)).answer).toContain('grace@example.com');
    const d = await send('customers/redact', {
      shop_id: 954889, shop_domain: SHOP, customer: { id: 7200, email: 'grace@example.com', phone: '+16135550199' }, orders_to_redact: [9200],
    });
    await settled();
    expect((await webhook(d.eventId)).error).toBeNull();
    expect(await subscriberBy('grace@example.com')).toBeUndefined();
    expect(await customerBy('7200')).toBeUndefined();
    expect(await orderBy('9200')).toMatchObject({ email: null, customerRef: null, subscriberId: null, total: 5900 });
    const left = await t.deps.dbh.query(
      `select 1 from subscribers where shop_id = $1 and (email = 'grace@example.com' or phone = '+16135550199' or customer_ref = '7200')
       union all select 1 from customers where shop_id = $1 and (email = 'grace@example.com' or external_id = '7200')
       union all select 1 from orders where shop_id = $1 and email = 'grace@example.com'`, [shopId()]);
    expect(left.rows).toHaveLength(0);
    // Nor in what the webhooks kept: applied bodies are dropped, the earlier answer cleared.
    const kept = await t.deps.dbh.query(
      `select event_id from platform_webhooks where shop_id = $1 and (payload like '%grace@%' or answer like '%grace@%')`, [shopId()]);
    expect(kept.rows).toEqual([]);
    expect((await webhook(asked.eventId)).answer).toBeNull();
  });
});

describe('app/uninstalled', () => {
  it('marks the store not authorised and pauses its scheduled send and its running flow; its data stays', async () => {
    await seedVerifiedSender(t.deps.dbh, shopId());
    await setVolume(t.deps.dbh, shopId(), 100);
    const saved = await t.call(api.strategy.save, {
      token: owner.token,
      body: { name: 'Later', title: 'Later', segment_ids: ['system:neverPurchased'], content: DOC, send_mode: 'later', send_at: new Date(Date.now() + 7_200_000).toISOString() },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(100);
    const strategyId = saved.body.data!.id;
    const [run] = await db().select().from(flowRuns).where(and(eq(flowRuns.shopId, shopId()), eq(flowRuns.status, 'active')));
    expect(run).toBeDefined();
    const subscribersBefore = await db().select({ n: sql<number>`count(*)::int` }).from(subscribers).where(eq(subscribers.shopId, shopId()));

    await send('app/uninstalled', { id: 954889, domain: SHOP, myshopify_domain: SHOP, name: 'Tea' });
    await settled();
    expect((await db().select().from(platformConnections).where(eq(platformConnections.shopId, shopId())))[0]).toMatchObject({ status: 'uninstalled' });
    expect((await db().select().from(shops).where(eq(shops.id, shopId())))[0]).toMatchObject({ installStatus: 0 });

    // The send's time comes: it stays pending.
    await db().update(strategies).set({ sendAt: new Date() }).where(eq(strategies.id, strategyId));
    await runScheduledStart(t.deps, t.app.log, strategyId);
    expect((await db().select().from(strategies).where(eq(strategies.id, strategyId)))[0]).toMatchObject({ status: 'pending' });
    // The flow run is due, but waits.
    expect((await advanceDueRuns(t.deps, { now: new Date(Date.now() + 3_600_000) })).claimed).toBe(0);
    expect((await db().select().from(flowRuns).where(eq(flowRuns.id, run!.id)))[0]).toMatchObject({ status: 'active', stepId: run!.stepId });
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(subscribers).where(eq(subscribers.shopId, shopId()))).toEqual(subscribersBefore);

    // Authorised again (the install sets it): the run goes on.
    await db().update(shops).set({ installStatus: 1 }).where(eq(shops.id, shopId()));
    expect((await advanceDueRuns(t.deps, { now: new Date(Date.now() + 3_600_000) })).claimed).toBeGreaterThan(0);
  });

  it('stops a send whose batches are being delivered: the rest waits, nothing is lost, and it goes on once the app is authorised again', async () => {
    await setVolume(t.deps.dbh, shopId(), 100);
    for (let i = 0; i < 6; i++) await send('customers/create', customer(7500 + i, `batch${i}@example.com`, { phone: null, sms_marketing_consent: null }));
    await settled();
    const saved = await t.call(api.strategy.save, {
      token: owner.token, body: { name: 'Going out', title: 'Going out', segment_ids: ['system:neverPurchased'], content: DOC, send_mode: 'now' },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(100);
    const sendId = saved.body.data!.id;
    const mine = () => db().select().from(deliveries).where(eq(deliveries.strategyId, sendId));
    const total = (await waitFor(async () => ((await mine()).length ? mine() : null))).length;
    expect(total).toBeGreaterThanOrEqual(6);
    // The first batches go out: two deliveries are due now, the rest later.
    await t.deps.dbh.query(
      `update deliveries set next_attempt_at = now() + interval '1 hour' where strategy_id = $1 and id not in (
         select id from deliveries where strategy_id = $1 order by id limit 2)`, [sendId]);
    expect((await deliverSend(t.deps, segmentSendSource, sendId, Date.now() + 30_000)).state).toBe('wait');
    expect((await mine()).filter((d) => d.status === 'sent')).toHaveLength(2);
    await t.deps.dbh.query(`update deliveries set next_attempt_at = now() where strategy_id = $1 and status = 'queued'`, [sendId]);

    await send('app/uninstalled', { id: 954889, domain: SHOP, myshopify_domain: SHOP, name: 'Tea' });
    await settled();
    // The deliver job comes back and sends nothing more: it looks again in a minute.
    const paused = await deliverSend(t.deps, segmentSendSource, sendId, Date.now() + 30_000);
    expect(paused).toMatchObject({ state: 'wait' });
    expect((paused as { until: Date }).until.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const held = await mine();
    expect(held.filter((d) => d.status === 'sent')).toHaveLength(2);
    expect(held.filter((d) => d.status === 'queued')).toHaveLength(total - 2);
    expect((await db().select().from(strategies).where(eq(strategies.id, sendId)))[0]).toMatchObject({ status: 'sending' });

    // The owner installs the app again (the install's reauthorisation): the send goes on and ends.
    await completeInstall(t.deps, {
      platform: 'shopify', shopDomain: SHOP, accessToken: 'shpat_again', scopes: 'read_customers',
      details: { name: 'Tea', homepageUrl: `https://${SHOP}`, currency, timezone: 'UTC', locale: 'en', email: 'owner@example.com' },
    });
    expect((await deliverSend(t.deps, segmentSendSource, sendId, Date.now() + 30_000)).state).toBe('done');
    expect((await mine()).filter((d) => d.status === 'sent')).toHaveLength(total);
    expect((await db().select().from(strategies).where(eq(strategies.id, sendId)))[0]).toMatchObject({ status: 'completed' });
  });
});

describe('app/uninstalled and flows', () => {
  it('a flow e-mail already queued for delivery waits while the app is uninstalled and goes out once it is authorised again', async () => {
    // The abandoned-checkout run advanced when the store was authorised again (above): its e-mail is queued.
    const queued = await waitFor(async () => (await db().select().from(deliveries)
      .where(and(eq(deliveries.shopId, shopId()), isNotNull(deliveries.runId), eq(deliveries.status, 'queued'))))[0]);
    const mine = async () => (await db().select().from(deliveries).where(eq(deliveries.id, queued.id)))[0]!;
    await send('app/uninstalled', { id: 954889, domain: SHOP, myshopify_domain: SHOP, name: 'Tea' });
    await settled();
    expect(await deliverSend(t.deps, flowEmailSource, queued.strategyId, Date.now() + 30_000)).toMatchObject({ state: 'wait' });
    expect(await mine()).toMatchObject({ status: 'queued' });

    await completeInstall(t.deps, {
      platform: 'shopify', shopDomain: SHOP, accessToken: 'shpat_once_more', scopes: 'read_customers',
      details: { name: 'Tea', homepageUrl: `https://${SHOP}`, currency, timezone: 'UTC', locale: 'en', email: 'owner@example.com' },
    });
    await deliverSend(t.deps, flowEmailSource, queued.strategyId, Date.now() + 30_000);
    expect(await mine()).toMatchObject({ status: 'sent' });
  });
});

describe('platform consent', () => {
  const at = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const emailConsent = (id: number, email: string, state: string, when: string) => send('customers_email_marketing_consent/update', {
    customer_id: id, email_address: email, email_marketing_consent: { state, opt_in_level: 'single_opt_in', consent_updated_at: when },
  });

  it('an e-mail unsubscribe on Shopify unsubscribes the subscriber as the product\'s own does, and no later send reaches them', async () => {
    await send('customers/create', customer(7400, 'leave@example.com', { phone: null, sms_marketing_consent: null }));
    await send('customers/create', customer(7401, 'stay@example.com', { phone: null, sms_marketing_consent: null }));
    await settled();
    const leaving = await subscriberBy('leave@example.com');
    expect(leaving).toMatchObject({ status: 'subscribed' });

    await emailConsent(7400, 'leave@example.com', 'unsubscribed', at(0));
    await settled();
    expect(await subscriberBy('leave@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    const evs = await db().select().from(events).where(and(eq(events.subscriberId, leaving!.id), eq(events.type, 'unsubscribed')));
    expect(evs).toMatchObject([{ subject: 'shopify', properties: { via: 'platform', platform: 'shopify' } }]);
    // The consent history names where it came from.
    const history = await t.deps.dbh.query<{ via: string; detail: string }>(
      `select via, detail from consent_events where subscriber_id = $1 and kind = 'unsubscribed'`, [leaving!.id]);
    expect(history.rows).toEqual([{ via: 'api', detail: 'shopify webhook' }]);
    expect(await subscriberBy('stay@example.com')).toMatchObject({ status: 'subscribed' });

    // A send started now reaches the one still subscribed, not the one who left.
    await setVolume(t.deps.dbh, shopId(), 100);
    const sent = await t.call(api.strategy.save, {
      token: owner.token, body: { name: 'Now', title: 'Now', segment_ids: ['system:neverPurchased'], content: DOC, send_mode: 'now' },
    });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(100);
    const recipients = await waitFor(async () => {
      const rows = await db().select({ email: deliveries.email }).from(deliveries).where(eq(deliveries.strategyId, sent.body.data!.id));
      return rows.length ? rows.map((r) => r.email) : null;
    });
    expect(recipients).toContain('stay@example.com');
    expect(recipients).not.toContain('leave@example.com');
  });

  it('an older consent change than the one applied changes nothing, whichever topic brings it', async () => {
    await send('customers/create', customer(7410, 'late@example.com', { phone: null, sms_marketing_consent: null }));
    await settled();
    // Withdrawn yesterday, delivered after today's consent: it loses.
    const late = await emailConsent(7410, 'late@example.com', 'unsubscribed', '2026-10-31T00:00:00Z');
    await settled();
    expect((await webhook(late.eventId)).error).toBeNull();
    expect(await subscriberBy('late@example.com')).toMatchObject({ status: 'subscribed' });
    // Withdrawn now; then a customers/update carrying the consent as it was before: it loses too.
    await emailConsent(7410, 'late@example.com', 'unsubscribed', at(0));
    await send('customers/update', customer(7410, 'late@example.com', { phone: null, sms_marketing_consent: null, updated_at: at(1) }));
    await settled();
    expect(await subscriberBy('late@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await customerBy('7410'))?.emailConsentAt).toBeInstanceOf(Date);
  });

  it('consent given again on the platform after the subscriber left subscribes them again; consent it still reports from before does not', async () => {
    await send('customers/create', customer(7425, 'again@example.com', { phone: null, sms_marketing_consent: null }));
    await settled();
    const sub = await subscriberBy('again@example.com');
    // Left here, by the product's own unsubscribe: the platform is not told, and goes on
    // reporting the consent it had, with its old time.
    await db().update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.id, sub!.id));
    await emailConsent(7425, 'again@example.com', 'subscribed', '2026-10-01T00:00:00Z');
    await settled();
    expect(await subscriberBy('again@example.com')).toMatchObject({ status: 'unsubscribed' });
    // Subscribed again on the platform after leaving: a new consent.
    await emailConsent(7425, 'again@example.com', 'subscribed', at(1));
    await settled();
    expect(await subscriberBy('again@example.com')).toMatchObject({ status: 'subscribed', unsubscribedAt: null });
    const history = await t.deps.dbh.query<{ kind: string; detail: string }>(
      `select kind, detail from consent_events where subscriber_id = $1 order by id`, [sub!.id]);
    expect(history.rows.at(-1)).toMatchObject({ detail: 'shopify webhook' });
  });

  it('a platform withdrawal older than a consent given here (a pop-up sign-up) leaves that consent', async () => {
    await db().insert(subscribers).values({
      shopId: shopId(), email: 'popup@example.com', source: 'popup', consent: { source: 'popup', at: new Date().toISOString() },
    });
    await send('customers/create', customer(7420, 'popup@example.com', {
      phone: null, sms_marketing_consent: null,
      email_marketing_consent: { state: 'unsubscribed', consent_updated_at: '2026-10-01T00:00:00Z' },
    }));
    await settled();
    expect(await subscriberBy('popup@example.com')).toMatchObject({ status: 'subscribed', customerRef: '7420' });
  });

  it('SMS consent alone makes an SMS subscriber, without the e-mail it has no consent for; e-mail consent later adds it', async () => {
    await send('customers/create', customer(7430, 'textonly@example.com', {
      phone: '+16135550230', email_marketing_consent: { state: 'not_subscribed' },
    }));
    await send('customers/create', customer(7431, '', { email: null, phone: '+16135550231', email_marketing_consent: null }));
    await settled();
    const bySms = async (phone: string) =>
      (await db().select().from(subscribers).where(and(eq(subscribers.shopId, shopId()), eq(subscribers.phone, phone))))[0];
    expect(await bySms('+16135550230')).toMatchObject({ email: null, smsStatus: 'subscribed', customerRef: '7430', firstName: 'Ada' });
    expect(await bySms('+16135550231')).toMatchObject({ email: null, smsStatus: 'subscribed', customerRef: '7431' });
    expect(await subscriberBy('textonly@example.com')).toBeUndefined();

    await emailConsent(7430, 'textonly@example.com', 'subscribed', at(0));
    await settled();
    expect(await bySms('+16135550230')).toMatchObject({ email: 'textonly@example.com', status: 'subscribed', smsStatus: 'subscribed' });
    const all = await db().select().from(subscribers).where(and(eq(subscribers.shopId, shopId()), eq(subscribers.customerRef, '7430')));
    expect(all).toHaveLength(1);
  });

  it('SMS consent for an e-mail subscriber without a number puts the number on them, subscribed', async () => {
    await send('customers/create', customer(7440, 'mailonly@example.com', { phone: null, sms_marketing_consent: null }));
    await settled();
    expect(await subscriberBy('mailonly@example.com')).toMatchObject({ phone: null, smsStatus: null });
    await send('customers_marketing_consent/update', {
      id: 7440, phone: '+16135550240', sms_marketing_consent: { state: 'subscribed', opt_in_level: 'single_opt_in', consent_updated_at: at(0) },
    });
    await settled();
    expect(await subscriberBy('mailonly@example.com')).toMatchObject({ status: 'subscribed', phone: '+16135550240', smsStatus: 'subscribed' });
  });
});
