/**
 * The dashboard overview under load (issue 13, target p99 <= 100 ms with 20 clients): one store
 * with 10,000,000 events, 1,000,000 deliveries and 200,000 orders on PostgreSQL; the daily
 * rollups are built from them (every day marked, then the rollup job's recount), and
 * GET /api/dashboard/overview?range=last_30_days is driven over HTTP by autocannon with 20
 * connections for BENCH_DURATION seconds (default 10) after a 2 s warm-up.
 *
 * Data: bench/support/seed-dashboard-bench.ts. The database `storecast_bench_dashboard` on the
 * server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is kept between
 * runs: a complete seed is marked in `bench_dashboard_seed`, and a rerun only rebuilds the rollups
 * and measures. BENCH_FRESH=1 seeds anew.
 *
 *   npm run bench:dashboard
 *
 * Last line: `dashboard-overview: p99 <X> ms, <N> req/s (target p99 <= 100 ms, 20 clients)`.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '@storecast/db';
// autocannon ships no types; the part used here is typed below.
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { recountAllDirty } from '../apps/server/src/modules/dashboard/index.ts';
import { readCode } from '../apps/server/src/test/sign-up.ts';
import { seedDashboardBench } from './support/seed-dashboard-bench.ts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'storecast_bench_dashboard';
const SIZE = { subscribers: 200_000, events: 10_000_000, deliveries: 1_000_000, orders: 200_000 };
/** Bump when the data set changes, so a kept database from before is seeded anew. */
const SEED_VERSION = 2;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 100;
const PASSWORD = 'bench1234';

interface Result {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const cannon = autocannon as unknown as (opts: Record<string, unknown>) => Promise<Result>;

const log = (s: string) => console.log(s);
const fmt = (n: number) => n.toLocaleString('en-US');

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

interface Seeded { shop_id: string; account: string }

const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${DB_NAME}`;
const exists = await onServer(SERVER_URL, async (c) => (await c.query(`select 1 from pg_database where datname = $1`, [DB_NAME])).rowCount! > 0);
let seeded: Seeded | null = null;
if (exists && process.env.BENCH_FRESH !== '1') {
  seeded = await onServer(dbUrl.toString(), async (c) => (await c.query<Seeded>(
    `select shop_id, account from bench_dashboard_seed where version = $1 and complete`, [SEED_VERSION],
  ).catch(() => ({ rows: [] as Seeded[] }))).rows[0] ?? null);
}
if (!seeded) {
  await onServer(SERVER_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  });
} else log(`reusing the seeded database ${DB_NAME}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-dashboard-'));
const config = loadConfig({}, {
  logLevel: 'silent', host: '127.0.0.1', port: 0, dataDir, databaseUrl: dbUrl.toString(),
  webDist: path.join(dataDir, 'no-web'), authRateLimit: { max: 1000, clientMax: 1000, windowMs: 60_000 },
});
const dbh = await openDb({ databaseUrl: dbUrl.toString(), dataDir: '' });
const { app, deps, close } = await buildApp(config, dbh);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

interface Envelope<T> { code: number; msg: string; data: T }
async function callApi<T>(p: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'accept-language': 'en-US', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 100) throw new Error(`${p}: ${json.msg}`);
  return json.data;
}

try {
  let token: string;
  if (!seeded) {
    const account = `bench-dashboard-${Date.now()}@example.com`;
    await callApi('/shop-manager/register', { account, password: PASSWORD, agree_terms: true });
    token = (await callApi<{ token: string }>('/shop-manager/register/confirm', {
      account, verify_code: await readCode({ deps }, 'email', account),
    })).token;
    const shop = await callApi<{ shop_id: string }>('/shop/connect', {
      platform: 'custom', name: 'Bench Dashboard', homepage_url: 'https://bench.example.com', currency: 'USD', timezone: 'America/Los_Angeles',
    }, token);
    await onServer(dbUrl.toString(), async (c) => {
      await c.query(`create table bench_dashboard_seed (version int not null, shop_id uuid not null, account text not null, complete boolean not null)`);
      log(`seeding ${fmt(SIZE.subscribers)} subscribers, ${fmt(SIZE.events)} events, ${fmt(SIZE.deliveries)} deliveries, ${fmt(SIZE.orders)} orders`);
      await seedDashboardBench(c, shop.shop_id, SIZE, log);
      await c.query(`insert into bench_dashboard_seed values ($1, $2, $3, true)`, [SEED_VERSION, shop.shop_id, account]);
    });
    seeded = { shop_id: shop.shop_id, account };
  } else {
    token = (await callApi<{ token: string }>('/shop-manager/login', { login_method: 'password', account: seeded.account, password: PASSWORD })).token;
  }

  // The seed ran with triggers off: mark every day of the store, then recount as the job does.
  const t0 = performance.now();
  await dbh.query(
    `insert into stats_dirty_days (shop_id, day)
     select $1, d::date from generate_series((now() - interval '401 days')::date, (now() + interval '1 day')::date, interval '1 day') d
     on conflict do nothing`, [seeded.shop_id]);
  const days = await recountAllDirty(dbh);
  log(`rollups built: ${days} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { rows: [sum] } = await dbh.query<{ sent: string; orders: string; rows: string }>(
    `select sum(sent) sent, sum(orders) orders, count(*) as rows from daily_send_stats where shop_id = $1`, [seeded.shop_id]);
  log(`daily_send_stats: ${fmt(Number(sum!.rows))} rows, ${fmt(Number(sum!.sent))} sent, ${fmt(Number(sum!.orders))} attributed orders`);

  const url = `${base}/dashboard/overview?range=last_30_days`;
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
  const check = (await (await fetch(url, { headers })).json()) as Envelope<{ totals: { sent: number; revenue: number } }>;
  if (check.code !== 100) throw new Error(`overview: ${check.msg}`);
  log(`last 30 days: ${fmt(check.data.totals.sent)} sent, revenue ${fmt(check.data.totals.revenue)} (minor units)`);
  await cannon({ url, headers, connections: CONNECTIONS, duration: 2, workers: 1 });
  const r = await cannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, workers: 1 });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  log(`mean ${r.latency.average} ms, ${fmt(r.requests.total)} requests`);
  log(`dashboard-overview: p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s (target p99 <= ${TARGET_P99_MS} ms, ${CONNECTIONS} clients)`);
} finally {
  await close();
  await dbh.close();
}
