import type { SubscriberFilter, SubscriberRow } from '@storecast/contract';
import { type Db, type ShopScope, subscriberTags, subscribers as s, tags } from '@storecast/db';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { activityLevelSql } from './activity-level.ts';
import { subscriberFilterWhere } from './filter-subscribers.ts';

/**
 * One page of the list, newest first. Pages go by key (`id < cursor`), never by offset, so the
 * thousandth page costs what the first does; `total` is the exact count under the same filter.
 */
export async function listSubscribers(
  db: Db, scope: ShopScope, query: SubscriberFilter & { cursor?: string; page_size: number },
): Promise<{ items: SubscriberRow[]; next_cursor: string | null; total: number }> {
  const where = await subscriberFilterWhere(db, scope, query);
  const cursor = query.cursor && /^\d{1,18}$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const [rows, counted] = await Promise.all([
    db.select(subscriberColumns).from(s)
      .where(cursor === undefined ? where : and(where, lt(s.id, cursor)))
      .orderBy(desc(s.id)).limit(query.page_size + 1),
    db.select({ n: count() }).from(s).where(where),
  ]);
  const page = rows.slice(0, query.page_size);
  const tagMap = await tagsOf(db, scope, page.map((r) => r.id));
  return {
    items: page.map((r) => toRow(r, tagMap.get(r.id) ?? [])),
    next_cursor: rows.length > query.page_size ? String(page[page.length - 1]!.id) : null,
    total: Number(counted[0]?.n ?? 0),
  };
}

export const subscriberColumns = {
  id: s.id, email: s.email, phone: s.phone, firstName: s.firstName, lastName: s.lastName, source: s.source,
  // Which pop-up (by its name when the consent was given) brought a subscriber in.
  sourceDetail: sql<string>`coalesce(${s.consent}->>'popup_name', '')`,
  status: s.status, smsStatus: s.smsStatus, subscribedAt: s.subscribedAt, activityLevel: activityLevelSql(),
};
export interface SubscriberRowRaw {
  id: number; email: string | null; phone: string | null; firstName: string; lastName: string; source: string; sourceDetail: string;
  status: SubscriberRow['status']; smsStatus: SubscriberRow['sms_status']; subscribedAt: Date; activityLevel: SubscriberRow['activity_level'];
}

export function toRow(r: SubscriberRowRaw, rowTags: { id: number; name: string }[]): SubscriberRow {
  return {
    id: r.id, email: r.email, phone: r.phone, first_name: r.firstName, last_name: r.lastName, source: r.source, source_detail: r.sourceDetail,
    status: r.status, sms_status: r.smsStatus ?? null, subscribed_at: new Date(r.subscribedAt).toISOString(), activity_level: r.activityLevel, tags: rowTags,
  };
}

/** Tags of a page of subscribers, in one query. */
export async function tagsOf(db: Db, scope: ShopScope, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db.select({ sid: subscriberTags.subscriberId, id: tags.id, name: tags.name })
    .from(subscriberTags).innerJoin(tags, eq(tags.id, subscriberTags.tagId))
    .where(scope.where(subscriberTags, inArray(subscriberTags.subscriberId, ids)))
    .orderBy(tags.name);
  for (const r of rows) {
    const list = map.get(r.sid) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.sid, list);
  }
  return map;
}
