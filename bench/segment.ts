/**
 * Segment count on 1,000,000 subscribers and 10,000,000 events (DESIGN: <= 300 ms on
 * PostgreSQL). A scratch database is created on the server of DATABASE_URL (default: local
 * postgres), filled with generate_series, ANALYZEd, then a 4-condition segment is counted
 * through the real compiler:
 *
 *   attribute tier = gold  AND  activity level in [S, A]
 *   AND purchased in the last 30 days  AND  opened in the last 7 days
 *
 * A second store holds 200,000 subscribers and 1,000,000 events, so the store filter has to do
 * real work. Rows are loaded with the secondary indexes dropped and recreated afterwards (how a
 * bulk load is done anyway); the indexes are the migrations' own definitions. Summary columns
 * (last_open_at, last_order_at) are generated independently of the events: the benchmark is
 * about query cost, not data consistency.
 *
 * Last line: `segment: <median> ms (target <= 300 ms)`.
 */
import { randomBytes } from 'node:crypto';
import { type Db, openDb, shopScope, subscribers } from '@storecast/db';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { compileSegment } from '../apps/server/src/modules/audience/compile-segment.ts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 300;

const log = (s: string) => console.log(s);
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function admin(q: string) {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try { await c.query(q); } finally { await c.end(); }
}

async function main() {
  const name = `storecast_bench_segment_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  let dbh: Awaited<ReturnType<typeof openDb>> | undefined;
  try {
    dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const [shopA, shopB] = await makeShops(c);
      await load(c, shopA, shopB);
      await measure(c, dbh.db, shopA);
    } finally {
      await c.end();
    }
  } finally {
    await dbh?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function makeShops(c: pg.Client): Promise<[string, string]> {
  const { rows } = await c.query<{ id: string }>(
    `insert into shops (name, platform, platform_domain, homepage_url, currency, timezone)
     select 'Bench ' || g, 'custom', 'bench' || g || '.example.com', 'https://bench' || g || '.example.com', 'USD', 'UTC' from generate_series(1, 2) g returning id`,
  );
  return [rows[0]!.id, rows[1]!.id];
}

async function load(c: pg.Client, shopA: string, shopB: string) {
  const t0 = performance.now();
  await c.query(`set maintenance_work_mem = '512MB'`);
  // Secondary indexes are dropped for the load and rebuilt from their own definitions.
  const { rows: idx } = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename in ('subscribers', 'events') and indexname not like '%_pkey'`,
  );
  for (const i of idx) await c.query(`drop index ${i.indexname}`);
  // Foreign-key triggers off for the load: the generated ids are valid by construction.
  await c.query(`set session_replication_role = replica`);
  await c.query(`select setseed(0.42)`);
  const subs = (shop: string, n: number) => c.query(`
    insert into subscribers (shop_id, email, phone, first_name, source, status, subscribed_at, attributes,
      order_count, total_spent, last_order_at, last_open_at, last_click_at)
    select $1::uuid, 'u' || g || '@' || left($1::text, 8) || '.example.com', null, 'N' || g,
      (array['import','api','manual','popup'])[1 + g % 4],
      case when g % 20 = 0 then 'unsubscribed' else 'subscribed' end,
      now() - random() * interval '730 days',
      jsonb_build_object('tier', (array['gold','silver','bronze','none'])[1 + floor(random() * 4)::int], 'city', 'c' || (g % 100)),
      o.n, o.n * 2500, case when o.n > 0 then now() - random() * interval '365 days' end,
      case when random() < 0.6 then now() - random() * interval '200 days' end,
      case when random() < 0.2 then now() - random() * interval '200 days' end
    from generate_series(1, $2::int) g, lateral (select case when random() < 0.35 then 1 + floor(random() * 5)::int else 0 end as n where g > 0) o`,
  [shop, n]);
  await subs(shopA, SUBSCRIBERS);
  await subs(shopB, Math.round(SUBSCRIBERS / 5));
  log(`subscribers loaded: ${SUBSCRIBERS} + ${Math.round(SUBSCRIBERS / 5)} (${secs(t0)})`);
  const evs = async (shop: string, n: number) => {
    const { rows } = await c.query<{ lo: string; hi: string }>(`select min(id) lo, max(id) hi from subscribers where shop_id = $1`, [shop]);
    const lo = Number(rows[0]!.lo);
    const span = Number(rows[0]!.hi) - lo + 1;
    // In chunks of a million so one statement never holds everything in memory.
    for (let done = 0; done < n; done += 1_000_000) {
      await c.query(`
        insert into events (shop_id, subscriber_id, type, occurred_at, subject)
        select $1::uuid, $2::bigint + floor(random() * $3::int)::bigint, t.type, now() - random() * interval '365 days',
          case when t.type = 'viewed_product' then 'p' || floor(random() * 500)::int end
        from generate_series(1, $4::int) g,
          lateral (select case when r < 0.5 then 'opened' when r < 0.7 then 'clicked' else 'viewed_product' end as type
                   from (select random() + g * 0 as r) x) t`,
      [shop, lo, span, Math.min(1_000_000, n - done)]);
    }
  };
  await evs(shopA, EVENTS);
  await evs(shopB, Math.round(EVENTS / 10));
  log(`events loaded: ${EVENTS} + ${Math.round(EVENTS / 10)} (${secs(t0)})`);
  await c.query(`set session_replication_role = origin`);
  for (const i of idx) await c.query(i.indexdef);
  log(`indexes rebuilt: ${idx.map((i) => i.indexname).join(', ')} (${secs(t0)})`);
  await c.query(`vacuum analyze subscribers`);
  await c.query(`vacuum analyze events`);
  log(`analyzed (${secs(t0)})`);
}

async function measure(c: pg.Client, db: Db, shopA: string) {
  const scope = shopScope(shopA);
  const where = compileSegment(scope, {
    match: 'all',
    conditions: [
      { field: 'attribute', key: 'tier', op: 'eq', value: 'gold' },
      { field: 'activity_level', op: 'in', value: ['S', 'A'] },
      { field: 'behavior', event: 'purchased', op: 'did', days: 30 },
      { field: 'behavior', event: 'opened', op: 'did', days: 7 },
    ],
  });
  const query = db.select({ n: count() }).from(subscribers).where(where);
  const times: number[] = [];
  let n = 0;
  await query; // warm the cache once, as a live count in the editor would be
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const [row] = await query;
    times.push(performance.now() - t0);
    n = Number(row!.n);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const { sql: text, params } = query.toSQL();
  const { rows } = await c.query(`explain (analyze, format json) ${text}`, params as unknown[]);
  log(`matching subscribers: ${n}`);
  log(`runs (ms): ${times.map((t) => t.toFixed(1)).join(', ')}`);
  log('plan:');
  printPlan((rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan, 1);
  log(`segment: ${Math.round(median)} ms (target <= ${TARGET_MS} ms)`);
}

interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] }

function printPlan(p: PlanNode, depth: number) {
  const on = p['Index Name'] ? ` using ${p['Index Name']}` : p['Relation Name'] ? ` on ${p['Relation Name']}` : '';
  log(`${'  '.repeat(depth)}${p['Node Type']}${on} (rows ${p['Actual Rows']} x ${p['Actual Loops']} loops)`);
  for (const child of p.Plans ?? []) printPlan(child, depth + 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
