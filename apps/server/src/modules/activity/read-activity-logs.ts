import { type ActivityLog, type activityLogQuery, type Locale, translateError } from '@storecast/contract';
import { activityLogs, shops, type ShopScope } from '@storecast/db';
import { asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';

type Query = z.output<typeof activityLogQuery>;

/** The action in the caller's language; an action the product has no label for shows its route path. */
export function actionLabel(locale: Locale, action: string): string {
  const label = translateError(locale, action);
  return label === action ? `/${action.replace(/^notices\.activity\./, '').replace(/\./g, '/')}` : label;
}

/** Midnight starting a day in the store's time zone, as an instant. */
const startOfDay = (day: string, timezone: string) => sql`(${day}::timestamp at time zone ${timezone})`;

/**
 * The store's activity log, newest first, a page at a time (offset paging: the log is read a few
 * pages deep, and the index on (shop, created_at desc, id desc) serves both the order and the count).
 */
export async function readActivityLogs(deps: Deps, scope: ShopScope, query: Query, locale: Locale) {
  const { db } = deps.dbh;
  const [shop] = await db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const tz = shop?.timezone ?? 'UTC';
  const where = scope.where(
    activityLogs,
    query.action ? eq(activityLogs.action, query.action) : undefined,
    query.from ? gte(activityLogs.createdAt, startOfDay(query.from, tz)) : undefined,
    query.to ? lt(activityLogs.createdAt, sql`${startOfDay(query.to, tz)} + interval '1 day'`) : undefined,
  );
  const [rows, [total], actions] = await Promise.all([
    db.select().from(activityLogs).where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.page_size).offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(activityLogs).where(where),
    db.selectDistinct({ action: activityLogs.action }).from(activityLogs).where(scope.where(activityLogs)).orderBy(asc(activityLogs.action)),
  ]);
  const items: ActivityLog[] = rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    actor: r.actor,
    action: r.action,
    action_label: actionLabel(locale, r.action),
    target_type: r.targetType,
    target_id: r.targetId,
    target_name: r.targetName,
  }));
  return {
    items,
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    actions: actions.map((a) => ({ key: a.action, label: actionLabel(locale, a.action) })),
  };
}
