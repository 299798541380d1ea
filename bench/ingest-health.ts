/**
 * What one store's ingestion costs everyone else on the embedded database. Starts the API in
 * this process on a fresh in-memory PGlite, signs up a store, creates its API token and pushes
 * 1,000 customers; then pushes one batch of 1,000 orders (three line items each) while another
 * client asks `GET /api/health` in a loop, and reports the slowest health answer during the
 * batch. PGlite is one connection in the server's own thread, so every statement of the batch
 * and the health check take turns on it.
 *
 * Target: the slowest health answer <= 250 ms while the batch runs (before the batch was split
 * into short transactions with a turn for other requests between them, it was the length of
 * the whole batch, seconds).
 *
 *   npm run bench:ingest-health
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDb } from '@storecast/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { readCode } from '../apps/server/src/test/sign-up.ts';

const TARGET_MS = 250;
const BATCH = 1000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-'));
const config = loadConfig({}, {
  logLevel: 'silent', host: '127.0.0.1', port: 0, dataDir, webDist: path.join(dataDir, 'no-web'),
  authRateLimit: { max: 1000, clientMax: 1000, windowMs: 60_000 },
});
const dbh = await openDb({ dataDir: 'memory://' });
const { app, deps, close } = await buildApp(config, dbh);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

const post = async <T>(p: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 100) throw new Error(`${p}: ${json.msg}`);
  return json.data;
};
// Sign-up answers first and mails the code; the code is read from the local outbox.
const account = `bench-${Date.now()}-${process.pid}@example.com`;
await post('/shop-manager/register', { account, password: 'bench1234', agree_terms: true });
const { token } = await post<{ token: string }>('/shop-manager/register/confirm', { account, verify_code: await readCode({ deps }, 'email', account) });
await post('/shop/connect', { platform: 'custom', name: 'Bench Store', homepage_url: 'https://bench.example.com', currency: 'USD', timezone: 'UTC' }, token);
const key = (await post<{ token: string }>('/shop/api-token/create', { name: 'bench' }, token)).token;

const customers = Array.from({ length: BATCH }, (_, i) => ({ id: `c${i}`, email: `c${i}@example.com`, accepts_marketing: true }));
await post('/public/v1/customers', { customers }, key);
const orders = Array.from({ length: BATCH }, (_, i) => ({
  id: `o${i}`, customer_id: `c${i}`, currency: 'USD', total: 1000 + i, placed_at: new Date().toISOString(),
  items: [1, 2, 3].map((n) => ({ product_id: `p${n}`, title: `Product ${n}`, quantity: n, price: 100 * n })),
}));

let running = true;
const latencies: number[] = [];
const probe = (async () => {
  while (running) {
    const t0 = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
})();
const t0 = performance.now();
const result = await post<{ created: number; rejected: unknown[] }>('/public/v1/orders', { orders }, key);
const batchMs = performance.now() - t0;
running = false;
await probe;
await close();
await dbh.close();
if (result.created !== BATCH) throw new Error(`expected ${BATCH} orders created, got ${result.created}`);

const sorted = [...latencies].sort((a, b) => a - b);
const max = Math.round(sorted.at(-1) ?? 0);
const median = Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
console.log(`batch of ${BATCH} orders: ${Math.round(batchMs)} ms; health answered ${latencies.length} times meanwhile, median ${median} ms`);
console.log(`ingest-health: max ${max} ms health latency during a ${BATCH}-order batch on PGlite (target <= ${TARGET_MS} ms)`);
