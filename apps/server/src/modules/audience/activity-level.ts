import type { ActivityLevel } from '@storecast/contract';
import { subscribers as s } from '@storecast/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Activity level, derived when read from the subscriber's summary columns so it is never stale:
 *
 *   S  engaged (opened or clicked) in the last 30 days AND purchased in the last 90 days
 *   A  engaged in the last 30 days OR purchased in the last 90 days (but not S)
 *   B  engaged or purchased in the last 180 days (but not S or A)
 *   C  everyone else: no open, click or purchase in 180 days
 *
 * Lists, details and segments all use this file, so the definition lives only here. Each
 * building block is coalesced to false, so a subscriber who never opened (NULL dates) falls
 * through to the next level instead of dropping out of NOT conditions.
 */
const engagedWithin = (days: 30 | 180) =>
  sql`coalesce(greatest(${s.lastOpenAt}, ${s.lastClickAt}) >= now() - ${sql.raw(`interval '${days} days'`)}, false)`;
const purchasedWithin = (days: 90 | 180) =>
  sql`coalesce(${s.lastOrderAt} >= now() - ${sql.raw(`interval '${days} days'`)}, false)`;

const e30 = engagedWithin(30);
const e180 = engagedWithin(180);
const p90 = purchasedWithin(90);
const p180 = purchasedWithin(180);

/** Level S or A: the "recent" tier, also the common segment condition [S, A]. */
const atLeastA = sql`(${e30} or ${p90})`;
/** Level S, A or B. */
const atLeastB = sql`(${e180} or ${p180})`;

const LEVEL_PREDICATE: Record<ActivityLevel, SQL> = {
  S: sql`(${e30} and ${p90})`,
  A: sql`(${atLeastA} and not (${e30} and ${p90}))`,
  B: sql`(${atLeastB} and not ${atLeastA})`,
  C: sql`(not ${atLeastB})`,
};

/** The level as a column: `select ..., activityLevelSql() as activity_level`. */
export function activityLevelSql(): SQL<ActivityLevel> {
  return sql<ActivityLevel>`(case when ${LEVEL_PREDICATE.S} then 'S' when ${atLeastA} then 'A' when ${atLeastB} then 'B' else 'C' end)`;
}

/**
 * A predicate for "level in levels". The top tiers (S; S,A; S,A,B) become plain ORs of date
 * comparisons rather than a CASE, so the planner can estimate them.
 */
export function activityLevelIn(levels: readonly ActivityLevel[]): SQL {
  const set = new Set(levels);
  if (set.size === 4) return sql`true`;
  if (set.size === 0) return sql`false`;
  const has = (...ls: ActivityLevel[]) => ls.every((l) => set.has(l));
  if (set.size === 3 && has('S', 'A', 'B')) return atLeastB;
  if (set.size === 2 && has('S', 'A')) return atLeastA;
  return sql`(${sql.join([...set].map((l) => LEVEL_PREDICATE[l]), sql` or `)})`;
}
