import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { readSalesAttribution } from '../brand/read-sales-attribution.ts';
import { findStrategy, toListItem } from './read-strategies.ts';
import { readStrategyStats } from './read-strategy-stats.ts';

type Point = { at: string; sent: number; opened: number; clicked: number; unsubscribed: number };

/**
 * A strategy's numbers with its attribution settings and a time series: hourly buckets for the
 * first 48 hours after the send started, daily buckets (in the store's time zone) after that.
 */
export async function readStrategyReport(deps: Deps, scope: ShopScope, id: string) {
  const row = await findStrategy(deps, scope, id);
  const attribution = await readSalesAttribution(deps.dbh.db, scope);
  const stats = (await readStrategyStats(deps.dbh, scope.shopId, [row.id], attribution)).get(row.id)!;
  const [shop] = await deps.dbh.db.select({ currency: shops.currency, timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const series: Point[] = [];
  if (row.startedAt) {
    const { rows } = await deps.dbh.query<{ at: Date; k: keyof Omit<Point, 'at'>; n: number }>(
      `with ev as (
         select sent_at as t, 'sent' as k from deliveries where strategy_id = $1 and shop_id = $2 and sent_at is not null
         union all select opened_at, 'opened' from deliveries where strategy_id = $1 and shop_id = $2 and opened_at is not null
         union all select clicked_at, 'clicked' from deliveries where strategy_id = $1 and shop_id = $2 and clicked_at is not null
         union all select unsubscribed_at, 'unsubscribed' from deliveries where strategy_id = $1 and shop_id = $2 and unsubscribed_at is not null
       )
       select date_trunc(case when t < $3::timestamptz + interval '48 hours' then 'hour' else 'day' end, t, $4) as at, k, count(*)::int as n
       from ev group by 1, 2 order by 1`,
      [row.id, scope.shopId, row.startedAt, shop?.timezone ?? 'UTC'],
    );
    const byAt = new Map<string, Point>();
    for (const r of rows) {
      const at = new Date(r.at).toISOString();
      let p = byAt.get(at);
      if (!p) byAt.set(at, (p = { at, sent: 0, opened: 0, clicked: 0, unsubscribed: 0 }));
      p[r.k] = r.n;
    }
    series.push(...byAt.values());
  }
  return { strategy: toListItem(row, stats), attribution, currency: shop?.currency ?? 'USD', series };
}
