import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { readSalesAttribution } from '../brand/index.ts';
import { readSendStats, readSendTimeline } from '../delivery/index.ts';
import { findStrategy, toListItem } from './read-strategies.ts';

/**
 * A strategy's numbers with its attribution settings and a time series: hourly buckets for the
 * first 48 hours after the send started, daily buckets (in the store's time zone) after that.
 */
export async function readStrategyReport(deps: Deps, scope: ShopScope, id: string) {
  const row = await findStrategy(deps, scope, id);
  const attribution = await readSalesAttribution(deps.dbh.db, scope);
  const stats = (await readSendStats(deps.dbh, scope.shopId, [row.id], attribution)).get(row.id)!;
  const [shop] = await deps.dbh.db.select({ currency: shops.currency, timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const series = row.startedAt ? await readSendTimeline(deps.dbh, scope.shopId, row.id, row.startedAt, shop?.timezone ?? 'UTC') : [];
  return { strategy: toListItem(row, stats), attribution, currency: shop?.currency ?? 'USD', series, elements: null };
}
