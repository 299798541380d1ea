import type { SubscriberFilter } from '@storecast/contract';
import { type Db, segments, type ShopScope, subscriberTags, subscribers as s } from '@storecast/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { likeEscape, segmentConditionsSql, type SegmentRule } from './compile-segment.ts';
import { findSystemGroup, isSystemId } from './system-groups.ts';

/**
 * The WHERE over `subscribers` for a filter of the list (also bulk actions and exports), scoped
 * to the store. Async because a `segment_id` is looked up to get its conditions; an unknown
 * segment id answers 404.
 *
 *   db.select().from(subscribers).where(await subscriberFilterWhere(db, scope, filter))
 */
export async function subscriberFilterWhere(db: Db, scope: ShopScope, filter: SubscriberFilter): Promise<SQL> {
  const parts: (SQL | undefined)[] = [];
  const q = filter.q?.trim();
  if (q) parts.push(searchSql(q));
  if (filter.status) parts.push(sql`${s.status} = ${filter.status}`);
  if (filter.source) parts.push(sql`${s.source} = ${filter.source}`);
  if (filter.tag_id) {
    parts.push(sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = ${s.id} and ${subscriberTags.tagId} = ${filter.tag_id} and ${subscriberTags.shopId} = ${scope.shopId})`);
  }
  if (filter.segment_id) parts.push(segmentConditionsSql(scope, await loadSegmentRule(db, scope, filter.segment_id)));
  if (filter.subscribed_from) parts.push(sql`${s.subscribedAt} >= ${filter.subscribed_from}::timestamptz`);
  if (filter.subscribed_to) parts.push(sql`${s.subscribedAt} <= ${filter.subscribed_to}::timestamptz`);
  return scope.where(s, ...parts);
}

/**
 * The list's search box: an e-mail or phone prefix, or the start of a name ("first last" or the
 * last name). Prefixes, not substrings, so the e-mail and phone branches use their pattern-ops
 * indexes on a million rows; text with "@" or only digits skips the name branches entirely.
 */
function searchSql(q: string): SQL {
  const lower = q.toLowerCase();
  const emailPrefix = sql`${s.email} like ${`${likeEscape(lower)}%`}`;
  if (q.includes('@')) return emailPrefix;
  const digits = q.replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(digits)) return sql`(${s.phone} like ${`${likeEscape(digits)}%`} or ${emailPrefix})`;
  const namePrefix = `${likeEscape(lower)}%`;
  return sql`(${emailPrefix} or lower(${s.firstName} || ' ' || ${s.lastName}) like ${namePrefix} or lower(${s.lastName}) like ${namePrefix})`;
}

/** A saved segment's or a system group's conditions; 404 when the store has no such segment. */
export async function loadSegmentRule(db: Db, scope: ShopScope, id: string): Promise<SegmentRule> {
  if (isSystemId(id)) {
    const g = findSystemGroup(id);
    if (!g) throw notFound();
    return g;
  }
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  const [row] = await db.select({ match: segments.match, conditions: segments.conditions })
    .from(segments).where(scope.where(segments, eq(segments.id, Number(id))));
  if (!row) throw notFound();
  return { match: row.match, conditions: row.conditions as SegmentRule['conditions'] };
}
