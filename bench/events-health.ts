/**
 * What a flood of shopper events costs everyone else on the embedded database. Starts the API in
 * this process on a fresh in-memory PGlite, makes a store with a pop-up, then sends 2,000
 * `POST /api/public/storefront/events` from 50 concurrent clients (autocannon), as the script
 * sends them (text/plain JSON from the store's origin, 10 events a request, one in five with a
 * pop-up view, a new visitor per request), while another client asks `GET /api/health` in a
 * loop. PGlite is one connection in the server's own thread: health's `select 1` waits for the
 * event batches queued before it.
 *
 * Target: the slowest health answer <= 250 ms during the flood (before event batches took turns
 * with other requests, 50 batches were queued on the connection ahead of every health check).
 *
 *   npm run bench:events-health
 *   BENCH_REQUESTS=4000 BENCH_CONNECTIONS=100 npm run bench:events-health
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { events, openDb } from '@storecast/db';
import { count } from 'drizzle-orm';
// autocannon ships no types; the part used here is typed below.
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { BENCH_ORIGIN, seedPopupShop } from './support/seed-popup-shop.ts';

const TARGET_MS = 250;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BATCH = 10;

interface Result { '2xx': number; non2xx: number; errors: number; timeouts: number; duration: number; latency: { p99: number } }
const cannon = autocannon as unknown as (opts: Record<string, unknown>) => Promise<Result>;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-events-health-'));
// Every client of the benchmark is one address and one store: the storefront's budgets are raised.
const config = loadConfig({ STOREFRONT_RATE_LIMIT_IP: '100000000', STOREFRONT_RATE_LIMIT_STORE: '100000000' }, {
  logLevel: 'silent', dataDir, webDist: path.join(dataDir, 'no-web'),
});
const dbh = await openDb({ dataDir: 'memory://' });
const { app, close } = await buildApp(config, dbh);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

const origin = BENCH_ORIGIN;
const { key, popupId } = await seedPopupShop(dbh);

const now = Date.now();
const batch = (withView: boolean) => Array.from({ length: BATCH }, (_, i) => (withView && i === BATCH - 1
  ? { type: 'popup_viewed', at: now, url: `${origin}/`, subject: popupId }
  : { type: i % 3 ? 'viewed_page' : 'viewed_product', at: now - (BATCH - i) * 1000, url: `${origin}/products/${i}`, subject: `p${i}` }));
// `[<id>]` becomes a fresh id per request: every request is another visitor.
const request = (withView: boolean) => ({ method: 'POST', body: JSON.stringify({ key, visitor_id: 'bench-[<id>]', events: batch(withView) }) });

let flooding = true;
const latencies: number[] = [];
const probe = (async () => {
  while (flooding) {
    const t0 = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    if (flooding) latencies.push(performance.now() - t0);
  }
})();
const r = await cannon({
  url: `${base}/public/storefront/events`, headers: { 'content-type': 'text/plain;charset=UTF-8', origin }, idReplacement: true,
  requests: [request(false), request(false), request(false), request(false), request(true)],
  connections: CONNECTIONS, amount: REQUESTS, workers: 1,
});
flooding = false;
await probe;
const [stored] = await dbh.db.select({ n: count() }).from(events);
await close();
await dbh.close();

const errors = r.non2xx + r.errors + r.timeouts;
if (errors > 0) throw new Error(`${errors} event posts failed`);
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
console.log(`${r['2xx']} event posts from ${CONNECTIONS} clients in ${r.duration.toFixed(1)} s (p99 ${r.latency.p99} ms), ${Number(stored!.n)} events stored; health answered ${latencies.length} times meanwhile`);
console.log(`events-health: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms health latency during ${REQUESTS} event posts from ${CONNECTIONS} clients on PGlite (target max <= ${TARGET_MS} ms)`);
