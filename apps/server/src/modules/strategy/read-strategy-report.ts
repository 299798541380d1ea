import { productVariants, shops, type ShopScope } from '@storecast/db';
import { count, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { readSalesAttribution } from '../brand/index.ts';
import { toProductSummary } from '../catalogue/index.ts';
import { readSendStats, readSendTimeline, readVariantStats } from '../delivery/index.ts';
import { readElementSlots } from './element-audience.ts';
import { findStrategy, toListItem } from './read-strategies.ts';

/**
 * A strategy's numbers with its attribution settings and a time series: hourly buckets for the
 * first 48 hours after the send started, daily buckets (in the store's time zone) after that.
 * An Element Send's numbers are also given per product, counted from the deliveries of each slot.
 */
export async function readStrategyReport(deps: Deps, scope: ShopScope, id: string) {
  const row = await findStrategy(deps, scope, id);
  const attribution = await readSalesAttribution(deps.dbh.db, scope);
  const stats = (await readSendStats(deps.dbh, scope.shopId, [row.id], attribution)).get(row.id)!;
  const [shop] = await deps.dbh.db.select({ currency: shops.currency, timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const series = row.startedAt ? await readSendTimeline(deps.dbh, scope.shopId, row.id, row.startedAt, shop?.timezone ?? 'UTC') : [];
  const elements = row.kind === 'element' ? await readElementNumbers(deps, scope, row.id, attribution) : null;
  return { strategy: toListItem(row, stats), attribution, currency: shop?.currency ?? 'USD', series, elements };
}

async function readElementNumbers(deps: Deps, scope: ShopScope, id: string, attribution: { window_days: number; trigger: 'open' | 'click' }) {
  const { db } = deps.dbh;
  // Archived products still show: the report is about what was sent.
  const slots = await readElementSlots(db, scope, id, { archived: true });
  const byVariant = await readVariantStats(deps.dbh, scope.shopId, id, attribution);
  const productIds = slots.flatMap((x) => (x.product ? [x.product.id] : []));
  const variantCounts = productIds.length === 0 ? [] : await db.select({ productId: productVariants.productId, n: count() }).from(productVariants)
    .where(scope.where(productVariants, inArray(productVariants.productId, productIds))).groupBy(productVariants.productId);
  const variants = new Map(variantCounts.map((v) => [v.productId, Number(v.n)]));
  return slots.map((x) => {
    const s = byVariant.get(x.slot);
    return {
      slot: x.slot,
      product: x.product ? toProductSummary(x.product, variants.get(x.product.id) ?? 0) : null,
      recipients: s?.recipients ?? 0, sent: s?.sent ?? 0, opened: s?.opened ?? 0, clicked: s?.clicked ?? 0, orders: s?.orders ?? 0, revenue: s?.revenue ?? 0,
    };
  });
}
