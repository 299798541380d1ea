import { type DataOf, type DateRangeKey, type dashboardRoutes, eachDay } from '@storecast/contract';
import type { DbHandle, ShopScope } from '@storecast/db';
import { readRangeRollups } from './read-overview.ts';

/** /data/order-money: the store's paid orders and those credited to marketing, per day of a range. */
export async function readOrderMoney(dbh: DbHandle, scope: ShopScope, key: DateRangeKey, now = new Date()): Promise<DataOf<typeof dashboardRoutes.orderMoney>> {
  const { currency, range: r, rollups } = await readRangeRollups(dbh, scope, key, now, false);
  const days = new Map(eachDay(r).map((day) => [day, { day, revenue: 0, orders: 0, marketing_revenue: 0, marketing_orders: 0 }]));
  for (const row of rollups.audience) {
    const d = days.get(row.day);
    if (d) { d.revenue += Number(row.revenue); d.orders += row.orders; }
  }
  for (const row of rollups.sends) {
    const d = days.get(row.day);
    if (d) { d.marketing_revenue += Number(row.revenue); d.marketing_orders += row.orders; }
  }
  const series = [...days.values()];
  const sum = (k: 'revenue' | 'orders' | 'marketing_revenue' | 'marketing_orders') => series.reduce((a, d) => a + d[k], 0);
  return {
    start: r.start, end: r.end, currency,
    revenue: sum('revenue'), orders: sum('orders'), marketing_revenue: sum('marketing_revenue'), marketing_orders: sum('marketing_orders'),
    series,
  };
}

/** /data/subscribe: sign-ups and losses of the list per day of a range. */
export async function readSubscribeSeries(
  dbh: DbHandle, scope: ShopScope, key: DateRangeKey, now = new Date(),
): Promise<DataOf<typeof dashboardRoutes.subscribe>> {
  const { range: r, rollups: { audience } } = await readRangeRollups(dbh, scope, key, now, false);
  const days = new Map(eachDay(r).map((day) => [day, { day, subscribed: 0, unsubscribed: 0 }]));
  for (const row of audience) {
    const d = days.get(row.day);
    if (d) { d.subscribed += row.subscribed; d.unsubscribed += row.unsubscribed; }
  }
  const series = [...days.values()];
  return {
    start: r.start, end: r.end,
    subscribed: series.reduce((a, d) => a + d.subscribed, 0), unsubscribed: series.reduce((a, d) => a + d.unsubscribed, 0),
    series,
  };
}
