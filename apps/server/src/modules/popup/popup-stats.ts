import { isUuid } from '@storecast/contract';
import { type Db, popupDailyStats, popups, type ShopScope } from '@storecast/db';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';

export interface PopupTotals { views: number; sign_ups: number; rate: number }

const EMPTY: PopupTotals = { views: 0, sign_ups: 0, rate: 0 };
const rateOf = (views: number, signUps: number) => (views > 0 ? Math.round((signUps / views) * 10_000) / 10_000 : 0);

/** Views, sign-ups and rate of each pop-up, summed from its daily rows (a few per pop-up). */
export async function readTotals(db: Db, scope: ShopScope, popupIds: string[]): Promise<Map<string, PopupTotals>> {
  const out = new Map<string, PopupTotals>();
  if (popupIds.length === 0) return out;
  const rows = await db.select({
    popupId: popupDailyStats.popupId,
    views: sql<number>`coalesce(sum(${popupDailyStats.views}), 0)`.mapWith(Number),
    signUps: sql<number>`coalesce(sum(${popupDailyStats.signUps}), 0)`.mapWith(Number),
  }).from(popupDailyStats)
    .where(scope.where(popupDailyStats, inArray(popupDailyStats.popupId, popupIds)))
    .groupBy(popupDailyStats.popupId);
  for (const r of rows) out.set(r.popupId, { views: r.views, sign_ups: r.signUps, rate: rateOf(r.views, r.signUps) });
  return out;
}

export const totalsOf = (totals: Map<string, PopupTotals>, id: string | null) => (id && totals.get(id)) || EMPTY;

/** `YYYY-MM-DD` of a UTC day, `back` days before `from`. */
const utcDay = (from: Date, back: number) => new Date(from.getTime() - back * 86_400_000).toISOString().slice(0, 10);

/**
 * Views and sign-ups per UTC day of one of the store's pop-ups over the last `days` days, today
 * included, oldest first; a day without a row shows zeros.
 */
export async function readDaily(db: Db, scope: ShopScope, popupId: string, days: number, now = new Date()) {
  if (!isUuid(popupId)) throw notFound('errors.popup.notFound');
  const [own] = await db.select({ id: popups.id }).from(popups).where(scope.where(popups, eq(popups.id, popupId)));
  if (!own) throw notFound('errors.popup.notFound');
  const first = utcDay(now, days - 1);
  const rows = await db.select({ day: popupDailyStats.day, views: popupDailyStats.views, signUps: popupDailyStats.signUps })
    .from(popupDailyStats)
    .where(scope.where(popupDailyStats, and(eq(popupDailyStats.popupId, popupId), gte(popupDailyStats.day, first))));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = utcDay(now, days - 1 - i);
    const r = byDay.get(day);
    return { day, views: r?.views ?? 0, sign_ups: r?.signUps ?? 0 };
  });
}
