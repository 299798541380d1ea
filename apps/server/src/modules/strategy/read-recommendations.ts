import { type ActivityLevel, LIMITS, type Recommendations } from '@storecast/contract';
import { shops, type ShopScope, subscribers as s } from '@storecast/db';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { activityLevelSql } from '../audience/index.ts';

/**
 * SPEC section 1: 4-6 e-mails a week to highly and moderately active subscribers (S, A), 2-3 to
 * generally active ones (B), and at most one to the rest (C), as Smart Send's default weekly caps.
 */
const PER_WEEK: Record<ActivityLevel, [number, number]> = { S: [4, 6], A: [4, 6], B: [2, 3], C: [0, 1] };

/** Fewer opens than this in the window say too little about when the store's subscribers read. */
export const BEST_TIME_MIN_OPENS = 50;
const BEST_TIME_DAYS = 90;

/**
 * What the store is advised where a send is set up: the discount ceiling, how often to mail each
 * activity level (with how many subscribed e-mail addresses each has now), and the weekday and
 * hour, in the store's time zone, its subscribers opened its mail most in the last 90 days
 * (weekday 0 = Sunday ... 6 = Saturday), once there are enough opens to tell.
 */
export async function readRecommendations(deps: Deps, scope: ShopScope): Promise<Recommendations> {
  const { db } = deps.dbh;
  const [shop] = await db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const timezone = shop?.timezone ?? 'UTC';
  const level = activityLevelSql();
  const levels = await db.select({ level, n: count() }).from(s)
    .where(scope.where(s, sql`${s.status} = 'subscribed'`, isNotNull(s.email))).groupBy(level);
  const byLevel = new Map(levels.map((r) => [r.level, Number(r.n)]));
  const frequency = (['S', 'A', 'B', 'C'] as const).map((l) => ({
    level: l, subscribers: byLevel.get(l) ?? 0, per_week_min: PER_WEEK[l][0], per_week_max: PER_WEEK[l][1],
  }));
  const { rows } = await deps.dbh.query<{ weekday: number; hour: number; opens: number; total: number }>(
    `select extract(dow from opened_at at time zone $2)::int as weekday, extract(hour from opened_at at time zone $2)::int as hour,
       count(*)::int as opens, sum(count(*)) over ()::int as total
     from deliveries
     where shop_id = $1 and channel = 'email' and opened_at >= now() - make_interval(days => $3::int)
     group by 1, 2 order by opens desc, weekday, hour limit 1`,
    [scope.shopId, timezone, BEST_TIME_DAYS],
  );
  const top = rows[0];
  const best_send_time = top && top.total >= BEST_TIME_MIN_OPENS ? { weekday: top.weekday, hour: top.hour, opens: top.opens } : null;
  return { max_discount: LIMITS.suggestedDiscountMax, frequency, best_send_time, min_opens: BEST_TIME_MIN_OPENS, timezone };
}
