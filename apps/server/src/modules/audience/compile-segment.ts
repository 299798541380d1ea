import type { SegmentCondition } from '@storecast/contract';
import { events, orderItems, orders, type ShopScope, subscriberTags, subscribers as s } from '@storecast/db';
import { type SQL, sql } from 'drizzle-orm';
import { activityLevelIn } from './activity-level.ts';

export interface SegmentRule {
  match: 'all' | 'any';
  conditions: SegmentCondition[];
}

/**
 * Compiles segment conditions into one WHERE over `subscribers`, scoped to the store: all → AND,
 * any → OR. Every value the user typed (attribute keys included) travels as a bind parameter;
 * the only text spliced in is fixed SQL written here. Used for counts, lists, exports and sends:
 *
 *   db.select({ n: count() }).from(subscribers).where(compileSegment(scope, rule))
 */
export function compileSegment(scope: ShopScope, rule: SegmentRule): SQL {
  return scope.where(s, segmentConditionsSql(scope, rule));
}

/** The conditions alone, without the store filter, for callers that add it themselves. */
export function segmentConditionsSql(scope: ShopScope, rule: SegmentRule): SQL {
  const parts = rule.conditions.map((c) => sql`(${conditionSql(scope, c)})`);
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(parts, rule.match === 'any' ? sql` or ` : sql` and `)})`;
}

const TEXT_COLUMNS = { email: s.email, phone: s.phone, first_name: s.firstName, last_name: s.lastName, source: s.source } as const;

/** `now() - N days`, N as a parameter. */
const daysAgo = (n: number) => sql`(now() - make_interval(days => ${n}::int))`;

/** Escapes LIKE wildcards so a typed "%" or "_" matches itself. */
export const likeEscape = (v: string) => v.replace(/[\\%_]/g, (m) => `\\${m}`);

function textCondition(col: SQL | (typeof TEXT_COLUMNS)[keyof typeof TEXT_COLUMNS], op: string, value: string | undefined): SQL {
  const v = value ?? '';
  switch (op) {
    case 'eq': return sql`lower(${col}) = lower(${v}::text)`;
    case 'neq': return sql`lower(${col}) is distinct from lower(${v}::text)`;
    case 'contains': return sql`coalesce(${col}, '') ilike ${`%${likeEscape(v)}%`}`;
    case 'not_contains': return sql`coalesce(${col}, '') not ilike ${`%${likeEscape(v)}%`}`;
    case 'is_set': return sql`coalesce(${col}, '') <> ''`;
    case 'is_not_set': return sql`coalesce(${col}, '') = ''`;
  }
  throw new Error(`unknown text operator ${op}`);
}

/**
 * An attribute as a number, or NULL when it is not one: attributes come from imports as text,
 * so "42" counts as 42 and "n/a" compares as nothing instead of failing the whole query.
 */
function attributeNumber(key: string): SQL {
  const text = sql`(${s.attributes} ->> ${key}::text)`;
  return sql`(case when ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then ${text}::numeric end)`;
}

function conditionSql(scope: ShopScope, c: SegmentCondition): SQL {
  switch (c.field) {
    case 'email': case 'phone': case 'first_name': case 'last_name': case 'source':
      return textCondition(TEXT_COLUMNS[c.field], c.op, c.value);
    case 'status':
      return c.op === 'in'
        ? sql`${s.status} in (${sql.join(c.value.map((v) => sql`${v}`), sql`, `)})`
        : sql`${s.status} not in (${sql.join(c.value.map((v) => sql`${v}`), sql`, `)})`;
    case 'attribute': {
      const text = sql`(${s.attributes} ->> ${c.key}::text)`;
      if (c.op === 'gt' || c.op === 'lt') {
        const n = typeof c.value === 'number' ? c.value : Number(c.value);
        if (!Number.isFinite(n)) return sql`false`;
        return c.op === 'gt' ? sql`${attributeNumber(c.key)} > ${n}::numeric` : sql`${attributeNumber(c.key)} < ${n}::numeric`;
      }
      if ((c.op === 'eq' || c.op === 'neq') && typeof c.value === 'number') {
        // Numbers compare as numbers, so 5 matches "5", "5.0" and a JSON 5.
        const eq = sql`${attributeNumber(c.key)} = ${c.value}::numeric`;
        return c.op === 'eq' ? eq : sql`not coalesce(${eq}, false)`;
      }
      return textCondition(text, c.op, c.value === undefined ? undefined : String(c.value));
    }
    case 'activity_level':
      return c.op === 'in' ? activityLevelIn(c.value) : sql`not ${activityLevelIn(c.value)}`;
    case 'order_count': case 'total_spent': {
      const col = c.field === 'order_count' ? s.orderCount : s.totalSpent;
      const op = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }[c.op];
      return sql`${col} ${sql.raw(op)} ${c.value}::numeric`;
    }
    case 'last_order_at': case 'subscribed_at': {
      const col = c.field === 'last_order_at' ? s.lastOrderAt : s.subscribedAt;
      return c.op === 'within_days' ? sql`${col} >= ${daysAgo(c.value)}` : sql`${col} < ${daysAgo(c.value)}`;
    }
    case 'tag': {
      const has = sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = ${s.id} and ${subscriberTags.tagId} = ${c.value} and ${subscriberTags.shopId} = ${scope.shopId})`;
      return c.op === 'has' ? has : sql`not ${has}`;
    }
    case 'behavior': {
      const did = behaviourSql(scope, c.event, c.days, c.subject || undefined);
      // did_not is NOT of a two-valued "did": a NULL last_order_at means "did not".
      return c.op === 'did' ? did : sql`not coalesce(${did}, false)`;
    }
  }
}

/**
 * "Did X in the last N days". Opens, clicks and product views probe `events` by
 * (subscriber_id, type, occurred_at), one index range per subscriber. A purchase of anything
 * is the summary column `last_order_at`; a purchase of one product looks in the order lines.
 */
function behaviourSql(scope: ShopScope, event: string, days: number, subject: string | undefined): SQL {
  if (event === 'purchased') {
    // A plain range on last_order_at (no coalesce) so subscribers_shop_last_order_idx serves it.
    if (!subject) return sql`${s.lastOrderAt} >= ${daysAgo(days)}`;
    return sql`exists (select 1 from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
      where ${orders.shopId} = ${scope.shopId} and ${orders.subscriberId} = ${s.id} and ${orders.status} = 'paid'
      and ${orders.placedAt} >= ${daysAgo(days)} and ${orderItems.productId} = ${subject})`;
  }
  const subjectSql = subject ? sql` and ${events.subject} = ${subject}` : sql``;
  return sql`exists (select 1 from ${events} where ${events.subscriberId} = ${s.id} and ${events.type} = ${event}
    and ${events.occurredAt} >= ${daysAgo(days)}${subjectSql})`;
}
