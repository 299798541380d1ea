/**
 * The first sync from a store platform, end to end: a fake Shopify on loopback holding 200,000
 * customers, 500,000 orders (all in the last twelve months, with line items and refunds) and
 * 2,000 products, synced through the real job's code (bulk operations, JSONL download, the
 * ingestion writers, progress in platform_syncs) into PostgreSQL, within the fake's standard
 * GraphQL bucket (1,000 points, 100 a second). The API runs in the same process, as with
 * ROLE=all, while a client asks two admin routes (`GET /shop/info`, `GET /channel-shop/sync-status`)
 * in a loop; their 99th percentile is reported.
 *
 * What is timed: from the sync's claim to its end, everything the sync does (the bulk operations'
 * calls and polls, each JSONL download read as a stream, parsing and mapping, the writers' checks
 * and SQL, progress in platform_syncs, the stage's ANALYZEs) while the admin client runs. Not
 * timed: the fake building its three result files, which it does for the sync's exact queries
 * before it reports ready (`bulk.prebuild`), as Shopify builds them on its own machines; the
 * operations still go CREATED, RUNNING, COMPLETED through the real protocol, and the bench prints
 * how long they ran within the timer (a file built anew there would show).
 *
 * Runs in a scratch database it creates on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops afterwards.
 *
 *   npm run bench:sync
 *   BENCH_CUSTOMERS=20000 BENCH_ORDERS=50000 npm run bench:sync
 *   BENCH_SECONDS=600 npm run bench:sync     (stops the sync there; the rate is of what was written)
 *   BENCH_LANES=1 npm run bench:sync         (slices written side by side; default the sync's)
 *
 * Target: >= 5,000 records/s and admin p99 < 200 ms. The last line is the figure:
 * `sync: <N> records/s, admin p99 <M> ms` (records: customers, products and orders written).
 *
 * Figures (2 cores shared with other work; the load average is the machine's, this run included).
 * Before, with the writers writing record by record (about ten statements each): the full shop
 * stopped at 480 s, 390 records/s; 20,000 customers and 50,000 orders to the end, 124 records/s.
 * With the batch writers and the fake building its files inside the timer: the full shop 1,374
 * records/s in 511 s, admin p99 195 ms (load 8 to 11), 225 s of it waiting for the fake's files;
 * 20,000 and 50,000: 734 records/s, p99 411 ms (load 10).
 * Steps, on 20,000 customers and 50,000 orders (runs at load 6 to 13 vary by half):
 * - the fake's files built before the timer: 1,522 records/s, p99 460 ms (load 9);
 * - a round of orders in one statement and the purchase summary by subscriber key instead of a
 *   join over every subscriber (23 subscribers read per record before, none after): 3,565
 *   records/s, p99 257 ms (load 6); one slice at a time instead of four: 3,464, p99 152 ms;
 * - one slice on two cores by default, ANALYZE only up to 32,000 records a stage: 1,660, p99
 *   200 ms at load 13; again at load 7, 3,574 records/s, p99 116 ms (BENCH_LANES=2: 3,089,
 *   p99 190 ms).
 * The full shop after these: 3,261 records/s in 215 s (customers about 6,000/s, orders about
 * 2,900/s), admin p99 99 ms, load 7 to 9; 0.08 ms of this process's CPU per record, which mostly
 * waits for the database. Below the 5,000 target: an order costs its row and about two line items,
 * seven index entries and four foreign-key checks (orders to shops and subscribers, line items to
 * shops and orders, about a third of the statement), which no batching removes.
 * The full shop alone on a quiet machine (load under 1 at the start; the same machine's type check
 * took 49 s against 91 s on the machine of the figures above): 6,501 records/s in 108 s, admin
 * p99 45 ms (median 4 ms over 3,495 calls), with the missing-scope checks in place. The target
 * is met there; on a loaded machine the figure falls by half, as above.
 * The platform's consent applied by the sync as its webhooks apply it (withdrawals, consent after
 * a leaving, SMS-only subscribers, 1,360 more subscribers on 20,000 customers), on 20,000
 * customers and 20,000 orders, each run beside one of the commit before at the same load: 1,609,
 * 1,619 and 1,488 records/s against 1,681, 1,480 and 1,831 (load 9 to 13, about 5 % fewer on
 * average, runs apart by a fifth); alone at load 2 to 6, 3,668 and 3,847. Its statements first
 * joined subscribers under a store condition the planner served from the store's index, 8.2
 * subscriber index rows read a record instead of 0.4 (3,173 and 3,054 against 3,452 and 2,974 at
 * load 6 to 7); found by key alone, 0.7.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb, platformSyncs } from '@storecast/db';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { linkFakeShopify } from '../apps/server/src/modules/connectors/test/sync-fixtures.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from '../apps/server/src/modules/connectors/sync-platform-store.ts';
import { type FakeShopify, routeShopifyToFake } from '../apps/server/src/test/fake-shopify/start-fake-shopify.ts';
import { readCode } from '../apps/server/src/test/sign-up.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 0);
/** Slices written side by side (the sync's `concurrency`); unset, the sync's default. */
const LANES = Number(process.env.BENCH_LANES ?? 0);
const DAY = 86_400_000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `storecast_bench_sync_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
let child: ChildProcess | undefined;
try {
  // Everything made over the last 360 days, so every order falls in the twelve months synced.
  // The fake builds its files for this query's text, so the sync asks for the same months.
  const ordersSince = new Date(Date.now() - 365 * DAY);
  child = fork(path.join(import.meta.dirname, 'sync-fake-shopify.ts'),
    [CUSTOMERS, ORDERS, PRODUCTS, Date.now() - 360 * DAY, 360, ordersSince.getTime()].map(String), { execArgv: ['--import', 'tsx'] });
  const fake = await new Promise<{ url: string; shop: string; token: string; buildSeconds: number }>((resolve, reject) => {
    child!.once('message', (m) => resolve(m as { url: string; shop: string; token: string; buildSeconds: number }));
    child!.once('exit', (code) => reject(new Error(`the fake Shopify exited (${code})`)));
  });
  console.log(`bulk files built by the fake before the timer: ${fake.buildSeconds.toFixed(1)} s`);
  const unroute = routeShopifyToFake(fake);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-sync-'));
  const config = loadConfig({}, {
    logLevel: 'silent', host: '127.0.0.1', port: 0, dataDir, webDist: path.join(dataDir, 'no-web'), databaseUrl: url.toString(),
    authRateLimit: { max: 1000, clientMax: 1000, windowMs: 60_000 },
  });
  const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  const { app, deps, close } = await buildApp(config, dbh);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const call = async <T>(method: 'GET' | 'POST', p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 100) throw new Error(`${p}: ${json.msg}`);
    return json.data;
  };
  const account = `bench-${Date.now()}-${process.pid}@example.com`;
  await call('POST', '/shop-manager/register', { account, password: 'bench1234', agree_terms: true });
  const { token } = await call<{ token: string }>('POST', '/shop-manager/register/confirm', { account, verify_code: await readCode({ deps }, 'email', account) });
  const { shop_id: shopId } = await call<{ shop_id: string }>('POST', '/shop/connect', {
    platform: 'custom', name: 'Bench Store', homepage_url: 'https://bench.example.com', currency: 'USD', timezone: 'UTC',
  }, token);
  await linkFakeShopify({ deps }, shopId, { ...fake, createAccessToken: () => fake.token } as unknown as FakeShopify);

  let running = true;
  const latencies: number[] = [];
  const probe = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      await call('GET', i % 2 ? '/channel-shop/sync-status' : '/shop/info', undefined, token);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  // Transactions and rows the database saw during the sync: where the time goes, per record.
  const dbStats = async () => (await dbh.query<Record<string, string>>(
    'select xact_commit, tup_inserted, tup_updated, tup_deleted, tup_returned from pg_stat_database where datname = current_database()')).rows[0]!;
  const stats0 = await dbStats();
  const scans = async () => new Map((await dbh.query<{ relname: string; seq: string; idx: string }>(
    'select relname, seq_tup_read::text as seq, coalesce(idx_tup_fetch, 0)::text as idx from pg_stat_user_tables')).rows.map((r) => [r.relname, r]));
  const scans0 = await scans();
  const cpu0 = process.cpuUsage();
  await queueFirstSync(dbh.db, shopId, 'shopify');
  const [claimed] = await claimSyncs(dbh.db, 60_000, { shopId, platform: 'shopify' });
  const t0 = performance.now();
  const report = setInterval(() => {
    void dbh.db.select().from(platformSyncs).then(([s]) => {
      console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s: ${s?.stage} ${s?.rowsDone} records`);
    });
  }, 30_000);
  const stopping = () => SECONDS > 0 && performance.now() - t0 > SECONDS * 1000;
  const outcome = await runClaimedSync(deps, claimed!, {
    leaseMs: 60_000, pollMs: 500, ordersSince: () => ordersSince, stopping, ...(LANES ? { concurrency: LANES } : {}),
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(report);
  running = false;
  await probe;
  const [done] = await dbh.db.select().from(platformSyncs);
  const { rows: [counts] } = await dbh.query<Record<string, number>>(`select
    (select count(*)::int from customers) as customers, (select count(*)::int from orders) as orders,
    (select count(*)::int from products) as products, (select count(*)::int from subscribers) as subscribers`);
  console.log(`sync ${outcome} in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}; per stage ${JSON.stringify(done?.stageTotals)}`);
  const cpu = process.cpuUsage(cpu0);
  // The statistics collector reports with a delay.
  await new Promise((r) => setTimeout(r, 1000));
  const stats1 = await dbStats();
  const records = Math.max(1, done?.rowsDone ?? 0);
  const per = (k: string) => ((Number(stats1[k]) - Number(stats0[k])) / records).toFixed(1);
  console.log(`per record: ${per('xact_commit')} transactions, ${per('tup_inserted')} rows inserted, ${per('tup_updated')} updated, `
    + `${per('tup_deleted')} deleted, ${per('tup_returned')} read; this process ${((cpu.user + cpu.system) / 1000 / records).toFixed(2)} ms CPU`);
  const scans1 = await scans();
  const read = [...scans1.values()].map((r) => ({
    table: r.relname,
    seq: (Number(r.seq) - Number(scans0.get(r.relname)?.seq ?? 0)) / records,
    idx: (Number(r.idx) - Number(scans0.get(r.relname)?.idx ?? 0)) / records,
  })).sort((a, b) => b.seq + b.idx - a.seq - a.idx).slice(0, 5);
  console.log(`rows read per record, by table (sequential / by index): ${read.map((r) => `${r.table} ${r.seq.toFixed(0)}/${r.idx.toFixed(1)}`).join(', ')}`);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  console.log(`admin calls: ${sorted.length}, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`);
  await close();
  await dbh.close();
  unroute();
  // Time within the timer that the operations were not yet complete (a file the fake had to build anew).
  const { operations } = await new Promise<{ operations: { createdAt: string; completedAt: string | null }[] }>((resolve) => {
    child!.once('message', (m) => resolve(m as never));
    child!.send('close');
  });
  const building = operations.reduce((n, o) => n + (o.completedAt ? Date.parse(o.completedAt) - Date.parse(o.createdAt) : 0), 0) / 1000;
  console.log(`bulk operations running within the timer: ${building.toFixed(1)} s`);
  console.log(`sync: ${Math.round((done?.rowsDone ?? 0) / seconds)} records/s, admin p99 ${Math.round(p99)} ms`);
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
