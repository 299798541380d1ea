import type { AddressInfo } from 'node:net';
import { api, ResultCode } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { INGEST_BATCHES_PER_MINUTE } from './ingest-budget.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function storeWithKey(name: string) {
  const owner = await signUp(t, { name });
  const made = await t.call(api.apiToken.create, { token: owner.token, body: { name: 'ERP' } });
  return { ...owner, key: made.body.data.token as string };
}

describe('ingestion budget per store', () => {
  it(`answers 429 in the envelope after ${INGEST_BATCHES_PER_MINUTE} batches a minute, for that store only`, async () => {
    const busy = await storeWithKey('Busy store');
    const calm = await storeWithKey('Calm store');
    // Items that are rejected by index still count as batches.
    const batch = { events: [{ id: '' }] };
    for (let i = 0; i < INGEST_BATCHES_PER_MINUTE; i++) {
      const res = await t.call(api.ingest.events, { token: busy.key, body: batch });
      expect(res.body.code, res.body.msg).toBe(100);
    }
    const over = await t.call(api.ingest.events, { token: busy.key, body: batch });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: ResultCode.TOO_MANY, msg: 'Too many requests, please try again later.' });
    // Until the store's minute ends.
    const { retry_after_ms } = over.body.data as unknown as { retry_after_ms: number };
    expect(retry_after_ms).toBeGreaterThan(0);
    expect(retry_after_ms).toBeLessThanOrEqual(60_000);
    const zh = await t.call(api.ingest.customers, { token: busy.key, body: { customers: [{ id: 'x' }] }, lang: 'zh-CN' });
    expect(zh.status).toBe(429);
    expect(zh.body.msg).not.toBe(over.body.msg);
    expect((await t.call(api.ingest.events, { token: calm.key, body: batch })).body.code).toBe(100);
  });

  it('the server answers other requests while a large batch of orders is written', async () => {
    // Fewer than the 1,000 a batch may hold keeps the test short: without turns between items the
    // health check waits for the whole batch, so it answers once or not at all; with them, about
    // once an item (bench:ingest-health measures a full batch).
    const N = 150;
    const store = await storeWithKey('Big batch');
    const customers = Array.from({ length: N }, (_, i) => ({ id: `c${i}`, email: `c${i}@example.com`, accepts_marketing: true }));
    expect((await t.call(api.ingest.customers, { token: store.key, body: { customers } })).body.data.created).toBe(N);
    const orders = Array.from({ length: N }, (_, i) => ({
      id: `o${i}`, customer_id: `c${i}`, currency: 'USD', total: 100 + i, placed_at: new Date().toISOString(),
      items: [{ product_id: 'p1', quantity: 1, price: 100 + i }],
    }));
    // Over real sockets, as a client would meet it.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    let batchDone = false;
    const batch = fetch(`${base}/public/v1/orders`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${store.key}` }, body: JSON.stringify({ orders }),
    }).then(async (r) => {
      batchDone = true;
      return (await r.json()) as { code: number; data: { created: number } };
    });
    let answeredDuring = 0;
    while (!batchDone) {
      const h = await fetch(`${base}/health`);
      expect(h.status).toBe(200);
      await h.arrayBuffer();
      if (!batchDone) answeredDuring++;
    }
    const result = await batch;
    expect(result.data.created).toBe(N);
    expect(answeredDuring).toBeGreaterThan(20);
  }, 120_000);
});
