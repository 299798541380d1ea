import { ATTRIBUTION_DEFAULTS } from '@storecast/contract';
import type { DbHandle, RawConnection } from '@storecast/db';

/** How many marked days one transaction recounts. */
const BATCH = 200;

// The span of local days [lo, hi) as instants, so raw rows are filtered by time before they are
// grouped by day; `days` are the marked days themselves ($2).
const SHOP = `
  sh as (
    select s.timezone as tz, s.currency, coalesce(a.window_days, $3::int) as win, coalesce(a.trigger, $4::text) as trig
    from shops s left join sales_attribution a on a.shop_id = s.id where s.id = $1
  ),
  span as (
    select (min(d)::timestamp at time zone sh.tz) as lo, ((max(d) + 1)::timestamp at time zone sh.tz) as hi
    from unnest($2::date[]) as u(d), sh group by sh.tz
  )`;

// A delivery's kind of send: a flow step when it belongs to a run, else its strategy's kind.
const SOURCE = `case when d.run_id is not null then 'flow' else coalesce(st.kind, 'segment') end`;
const STRATEGY = `left join strategies st on st.id = d.strategy_id and st.shop_id = d.shop_id and d.run_id is null`;

/**
 * The send numbers of some days of one store, from deliveries and orders. Engagement counts on
 * the day it happened; an order is credited to the last e-mail or text the buyer opened (or
 * clicked, by the store's rule) within the attribution window before it, so each order counts once
 * across channels and sources (readSendStats credits every send it followed, which suits one send's
 * page but would count an order twice in a store's total).
 */
const RECOUNT_SENDS = `
with ${SHOP},
src as (
  select d.*, ${SOURCE} as source from deliveries d ${STRATEGY}, span
  where d.shop_id = $1 and (
    (d.sent_at >= span.lo and d.sent_at < span.hi) or (d.opened_at >= span.lo and d.opened_at < span.hi)
    or (d.clicked_at >= span.lo and d.clicked_at < span.hi) or (d.unsubscribed_at >= span.lo and d.unsubscribed_at < span.hi)
    or (d.complained_at >= span.lo and d.complained_at < span.hi))
),
facts as (
  select sent_at as at, channel, source, 1 as sent, (status = 'sent')::int as delivered, (status = 'bounced')::int as bounced,
    0 as opened, 0 as clicked, 0 as unsubscribed, 0 as complaints, units, 0 as orders, 0::bigint as revenue
  from src where sent_at is not null
  union all select opened_at, channel, source, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 from src where opened_at is not null
  union all select clicked_at, channel, source, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 from src where clicked_at is not null
  union all select unsubscribed_at, channel, source, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 from src where unsubscribed_at is not null
  union all select complained_at, channel, source, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 from src where complained_at is not null
  union all select o.placed_at, x.channel, x.source, 0, 0, 0, 0, 0, 0, 0, 0, 1, o.total
  from orders o cross join sh cross join span
  cross join lateral (
    select d.channel, ${SOURCE} as source from deliveries d ${STRATEGY}
    where d.subscriber_id = o.subscriber_id and d.shop_id = o.shop_id
      and (case when sh.trig = 'open' then d.opened_at else d.clicked_at end) <= o.placed_at
      and (case when sh.trig = 'open' then d.opened_at else d.clicked_at end) > o.placed_at - make_interval(days => sh.win)
    order by (case when sh.trig = 'open' then d.opened_at else d.clicked_at end) desc, d.id desc
    limit 1
  ) x
  where o.shop_id = $1 and o.status = 'paid' and o.currency = sh.currency and o.subscriber_id is not null
    and o.placed_at >= span.lo and o.placed_at < span.hi
)
insert into daily_send_stats (shop_id, day, channel, source, sent, delivered, bounced, opened, clicked, unsubscribed, complaints, units, orders, revenue)
select $1, f.day, f.channel, f.source, sum(sent), sum(delivered), sum(bounced), sum(opened), sum(clicked), sum(unsubscribed), sum(complaints),
  sum(units), sum(orders), sum(revenue)
from (select (facts.at at time zone sh.tz)::date as day, facts.* from facts cross join sh) f
where f.day = any($2::date[])
group by f.day, f.channel, f.source`;

/** Sign-ups, losses and all paid orders in the store's currency, per day. */
const RECOUNT_AUDIENCE = `
with ${SHOP},
facts as (
  select s.subscribed_at as at, 1 as subscribed, 0 as unsubscribed, 0 as orders, 0::bigint as revenue
  from subscribers s, span where s.shop_id = $1 and s.subscribed_at >= span.lo and s.subscribed_at < span.hi
  union all select s.unsubscribed_at, 0, 1, 0, 0
  from subscribers s, span where s.shop_id = $1 and s.unsubscribed_at >= span.lo and s.unsubscribed_at < span.hi
  union all select o.placed_at, 0, 0, 1, o.total
  from orders o, span, sh where o.shop_id = $1 and o.status = 'paid' and o.currency = sh.currency and o.placed_at >= span.lo and o.placed_at < span.hi
)
insert into daily_audience_stats (shop_id, day, subscribed, unsubscribed, orders, revenue)
select $1, f.day, sum(subscribed), sum(unsubscribed), sum(orders), sum(revenue)
from (select (facts.at at time zone sh.tz)::date as day, facts.* from facts cross join sh) f
where f.day = any($2::date[])
group by f.day`;

/** Replaces the rollup rows of some days of one store with counts from the raw rows. */
export async function recountDays(c: RawConnection, shopId: string, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const params = [shopId, days, ATTRIBUTION_DEFAULTS.window_days, ATTRIBUTION_DEFAULTS.trigger];
  await c.query(`delete from daily_send_stats where shop_id = $1 and day = any($2::date[])`, [shopId, days]);
  await c.query(`delete from daily_audience_stats where shop_id = $1 and day = any($2::date[])`, [shopId, days]);
  await c.query(RECOUNT_SENDS, params);
  await c.query(RECOUNT_AUDIENCE, params);
}

/**
 * Recounts one batch of marked days and removes their marks, in one transaction. The marks are
 * deleted first: a write that commits while the recount runs then finds its mark deleted (it
 * waits for this transaction, then marks the day again), so no write is ever missed. Returns how
 * many days it recounted; SKIP LOCKED lets several workers share the marks.
 */
export async function recountDirtyBatch(dbh: DbHandle, limit = BATCH): Promise<number> {
  return dbh.transaction(async (c) => {
    const { rows } = await c.query<{ shop_id: string; day: string | Date }>(
      `delete from stats_dirty_days where (shop_id, day) in (
         select shop_id, day from stats_dirty_days order by shop_id, day limit $1 for update skip locked
       ) returning shop_id, to_char(day, 'YYYY-MM-DD') as day`,
      [limit],
    );
    const byShop = new Map<string, string[]>();
    for (const r of rows) byShop.set(r.shop_id, [...(byShop.get(r.shop_id) ?? []), String(r.day)]);
    for (const [shopId, days] of byShop) await recountDays(c, shopId, days);
    return rows.length;
  });
}

/** Recounts every marked day (tests, the benchmark, and the job while it finds work). */
export async function recountAllDirty(dbh: DbHandle): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await recountDirtyBatch(dbh);
    total += n;
    if (n === 0) return total;
  }
}
