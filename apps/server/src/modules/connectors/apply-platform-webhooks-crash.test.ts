import { orders, platformConnections, platformWebhooks, shops } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { applyWaitingWebhooks } from './apply-platform-webhooks-job.ts';

/**
 * Refunds are what a webhook applied twice, or out of order, would get wrong (each takes money
 * off the order; an older one after a newer one is skipped), so they show that each webhook is
 * applied once and in order: after a failure at the very end of its transaction, and with two
 * workers taking webhooks at the same time.
 */
const SECRET = 'shopify-app-secret';
const SHOP = 'crash.myshopify.com';
let t: TestApp;
let fake: FakeShopify;
let shopId = '';
let to = '';
let currency = '';

beforeAll(async () => {
  fake = await startFakeShopify({ apiKey: 'shopify-key', apiSecret: SECRET, shop: SHOP });
  t = await startTestApp({ platformApps: { shopify: { apiKey: 'shopify-key', apiSecret: SECRET } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  to = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/platforms/shopify/webhooks`;
  shopId = (await signUp(t)).shopId;
  await t.deps.dbh.db.insert(platformConnections).values({ shopId, platform: 'shopify', shopDomain: SHOP });
  [{ currency }] = (await t.deps.dbh.db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, shopId))) as [{ currency: string }];
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const T0 = Date.parse('2026-11-20T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** Sends a webhook as Shopify does and returns how long the app took to answer. */
async function send(topic: string, payload: unknown): Promise<number> {
  const start = performance.now();
  const d = await fake.sendWebhook(topic, payload, { to });
  expect(d.status, d.responseBody).toBe(200);
  return performance.now() - start;
}

const orderTotal = async (id: string) =>
  (await t.deps.dbh.db.select({ total: orders.total }).from(orders).where(and(eq(orders.shopId, shopId), eq(orders.externalId, id))))[0]?.total;

const order = (id: number) => ({
  id, email: 'crash@example.com', currency, financial_status: 'paid', total_price: '100.00', current_total_price: '100.00',
  created_at: at(0), processed_at: at(0), updated_at: at(0), line_items: [{ id: 1, product_id: 1, title: 'Tea', quantity: 1, price: '100.00' }],
});
const refund = (id: number, orderId: number, minute: number) => ({
  id, order_id: orderId, created_at: at(minute), transactions: [{ id, kind: 'refund', status: 'success', amount: '1.00', currency }],
});

it('a failure at the end of a webhook\'s transaction applies nothing, and the next pass applies it once', async () => {
  await send('orders/create', order(1));
  expect(await applyWaitingWebhooks(t.deps, t.app.log, 100)).toBe(1);
  await send('refunds/create', refund(11, 1, 1));
  // The worker "dies" as it marks the webhook processed: the statement fails once, after the
  // refund was written in the same transaction. A sequence is not rolled back, so it fails once.
  await t.deps.dbh.exec(`
    create sequence crash_once;
    create function crash_once() returns trigger language plpgsql as $$
      begin if nextval('crash_once') = 1 then raise exception 'worker died'; end if; return new; end $$;
    create trigger crash_once before update on platform_webhooks for each row execute function crash_once();`);
  try {
    await expect(applyWaitingWebhooks(t.deps, t.app.log, 100)).rejects.toThrow(/update "platform_webhooks"/);
    expect(await orderTotal('1')).toBe(10_000);
    expect(await applyWaitingWebhooks(t.deps, t.app.log, 100)).toBe(1);
  } finally {
    await t.deps.dbh.exec(`drop trigger crash_once on platform_webhooks; drop function crash_once(); drop sequence crash_once;`);
  }
  expect(await orderTotal('1')).toBe(9_900);
  expect(await applyWaitingWebhooks(t.deps, t.app.log, 100)).toBe(0);
  expect(await orderTotal('1')).toBe(9_900);
});

it('two workers at once apply each webhook once, a store\'s in the order they came', async () => {
  await send('orders/create', order(2));
  const answers: number[] = [];
  for (let i = 1; i <= 20; i++) answers.push(await send('refunds/create', refund(200 + i, 2, i)));
  // The door only keeps the webhook: it answers well within the second Shopify is promised.
  expect(Math.max(...answers)).toBeLessThan(1000);
  const [a, b] = await Promise.all([applyWaitingWebhooks(t.deps, t.app.log, 100), applyWaitingWebhooks(t.deps, t.app.log, 100)]);
  expect(a + b).toBe(21);
  // Each refund took 1.00 off once; one applied after a later one would have been skipped.
  expect(await orderTotal('2')).toBe(10_000 - 20 * 100);
  const waiting = await t.deps.dbh.db.select().from(platformWebhooks).where(isNull(platformWebhooks.processedAt));
  expect(waiting).toHaveLength(0);
  const errors = await t.deps.dbh.db.select({ error: platformWebhooks.error }).from(platformWebhooks).where(eq(platformWebhooks.shopId, shopId));
  expect(errors.filter((e) => e.error !== null)).toEqual([]);
});
