import type { DbHandle } from '@storecast/db';

export type TimelinePoint = { at: string; sent: number; opened: number; clicked: number; unsubscribed: number };

/**
 * A send's events over time, counted from its deliveries: hourly buckets for the first 48 hours
 * after `startedAt`, daily buckets (in the store's time zone) after that.
 */
export async function readSendTimeline(dbh: DbHandle, shopId: string, sendId: string, startedAt: Date, timezone: string): Promise<TimelinePoint[]> {
  const { rows } = await dbh.query<{ at: Date; k: keyof Omit<TimelinePoint, 'at'>; n: number }>(
    `with ev as (
       select sent_at as t, 'sent' as k from deliveries where strategy_id = $1 and shop_id = $2 and sent_at is not null
       union all select opened_at, 'opened' from deliveries where strategy_id = $1 and shop_id = $2 and opened_at is not null
       union all select clicked_at, 'clicked' from deliveries where strategy_id = $1 and shop_id = $2 and clicked_at is not null
       union all select unsubscribed_at, 'unsubscribed' from deliveries where strategy_id = $1 and shop_id = $2 and unsubscribed_at is not null
     )
     select date_trunc(case when t < $3::timestamptz + interval '48 hours' then 'hour' else 'day' end, t, $4) as at, k, count(*)::int as n
     from ev group by 1, 2 order by 1`,
    [sendId, shopId, startedAt, timezone],
  );
  const byAt = new Map<string, TimelinePoint>();
  for (const r of rows) {
    const at = new Date(r.at).toISOString();
    let p = byAt.get(at);
    if (!p) byAt.set(at, (p = { at, sent: 0, opened: 0, clicked: 0, unsubscribed: 0 }));
    p[r.k] = r.n;
  }
  return [...byAt.values()];
}
