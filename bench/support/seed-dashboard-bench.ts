import type pg from 'pg';

/**
 * The dashboard benchmark's data set, loaded with set-based SQL into a database whose migrations
 * have run: one store with SUBSCRIBERS subscribers (1 in 25 unsubscribed), EVENTS storefront and
 * engagement events over 180 days, DELIVERIES over the last 120 days (four fifths from 40
 * Segment and Element Sends, the rest flow steps, 1 in 20 of them texts), with opens on 30%,
 * clicks on 8%, bounces on 2% and unsubscribes on 0.3%, and ORDERS paid orders over the last 120
 * days by the same subscribers, so many are credited to a click. Secondary indexes are dropped for
 * the load and rebuilt; triggers (also the stats marks) are off, so the caller marks every day.
 */
export interface DashboardBenchSize { subscribers: number; events: number; deliveries: number; orders: number }

export async function seedDashboardBench(c: pg.Client, shopId: string, n: DashboardBenchSize, log: (s: string) => void) {
  const t0 = performance.now();
  const secs = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  await c.query(`set maintenance_work_mem = '512MB'`);
  const { rows: idx } = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename in ('subscribers', 'events', 'orders', 'deliveries') and indexname not like '%_pkey'`,
  );
  for (const i of idx) await c.query(`drop index ${i.indexname}`);
  await c.query(`set session_replication_role = replica`);
  await c.query(`select setseed(0.23)`);
  await c.query(`
    insert into subscribers (shop_id, email, source, status, subscribed_at, updated_at)
    select $1::uuid, 'reader' || g || '@example.com', 'import',
      case when g % 25 = 0 then 'unsubscribed' else 'subscribed' end, now() - random() * interval '400 days', now() - random() * interval '120 days'
    from generate_series(1, $2::int) g`, [shopId, n.subscribers]);
  const { rows } = await c.query<{ lo: string; hi: string }>(`select min(id) lo, max(id) hi from subscribers where shop_id = $1`, [shopId]);
  const lo = Number(rows[0]!.lo);
  const span = Number(rows[0]!.hi) - lo + 1;
  log(`subscribers: ${n.subscribers} (${secs()})`);
  for (let done = 0; done < n.events; done += 1_000_000) {
    await c.query(`
      insert into events (shop_id, subscriber_id, type, occurred_at, subject)
      select $1::uuid, $2::bigint + floor(random() * $3::int)::bigint,
        (array['viewed_product', 'added_to_cart', 'opened', 'clicked'])[1 + floor(random() * 4)::int],
        now() - random() * interval '180 days', 'p' || floor(random() * 5000)::int
      from generate_series(1, $4::int) g`, [shopId, lo, span, Math.min(1_000_000, n.events - done)]);
    log(`events: ${Math.min(n.events, done + 1_000_000)} (${secs()})`);
  }
  // 40 one-off sends (every 4th an Element Send) and 5 flow steps.
  await c.query(`
    insert into strategies (shop_id, kind, name, utm, status, send_mode)
    select $1::uuid, case when g % 4 = 0 then 'element' else 'segment' end, 'Bench send ' || g,
      '{"source":"storecast","medium":"email","campaign":"bench"}', 'completed', 'now'
    from generate_series(1, 40) g`, [shopId]);
  const oneOff = Math.floor(n.deliveries * 0.8);
  // One-off sends: send k gets recipients g/40 (distinct per send, as the unique index wants);
  // flow deliveries: one per run (run id = g) over five steps.
  await c.query(`
    with s as (select array_agg(id order by name) ids from strategies where shop_id = $1),
    steps as (select array[gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid()] ids),
    raw as (
      select g, case when g <= $4::int then s.ids[1 + g % 40] else steps.ids[1 + g % 5] end as strategy_id,
        case when g <= $4::int then null else g end as run_id,
        $2::bigint + (case when g <= $4::int then (g / 40) else g end) % $3::int as subscriber_id,
        case when g % 20 = 0 then 'sms' else 'email' end as channel,
        now() - random() * interval '120 days' as sent_at, random() as r
      from generate_series(1, $5::int) g, s, steps
    )
    insert into deliveries (shop_id, strategy_id, subscriber_id, channel, email, phone, units, run_id, status, sent_at,
      opened_at, clicked_at, unsubscribed_at)
    select $1::uuid, strategy_id, subscriber_id, channel,
      case when channel = 'email' then 'reader' || subscriber_id || '@example.com' end,
      case when channel = 'sms' then '+1555' || lpad((subscriber_id % 10000000)::text, 7, '0') end,
      case when channel = 'sms' then 2 else 1 end, run_id,
      case when r < 0.02 then 'bounced' else 'sent' end, sent_at,
      case when channel = 'email' and r >= 0.02 and r < 0.32 then sent_at + r * interval '10 hours' end,
      case when r >= 0.02 and r < 0.10 then sent_at + r * interval '20 hours' end,
      case when r >= 0.02 and r < 0.023 then sent_at + interval '1 day' end
    from raw`, [shopId, lo, span, oneOff, n.deliveries]);
  log(`deliveries: ${n.deliveries} (${secs()})`);
  // Half the orders by recent clickers (credited), half by anyone.
  await c.query(`
    with clickers as (select subscriber_id, clicked_at, row_number() over () as k from deliveries where shop_id = $1 and clicked_at is not null),
    nc as (select count(*)::int as n from clickers)
    insert into orders (shop_id, external_id, subscriber_id, currency, total, status, placed_at)
    select $1::uuid, 'o' || g, c.subscriber_id, 'USD', 1000 + (g % 40) * 250, 'paid', least(now(), c.clicked_at + random() * interval '3 days')
    from generate_series(1, $2::int / 2) g cross join nc join clickers c on c.k = 1 + g % nc.n`, [shopId, n.orders]);
  await c.query(`
    insert into orders (shop_id, external_id, subscriber_id, currency, total, status, placed_at)
    select $1::uuid, 'p' || g, $2::bigint + floor(random() * $3::int)::bigint, 'USD', 1500 + (g % 30) * 300, 'paid', now() - random() * interval '120 days'
    from generate_series(1, $4::int - $4::int / 2) g`, [shopId, lo, span, n.orders]);
  log(`orders: ${n.orders} (${secs()})`);
  await c.query(`set session_replication_role = origin`);
  for (const i of idx) await c.query(i.indexdef);
  log(`indexes rebuilt: ${idx.length} (${secs()})`);
  for (const t of ['subscribers', 'events', 'orders', 'deliveries', 'strategies']) await c.query(`vacuum analyze ${t}`);
  log(`analyzed (${secs()})`);
}
