import {
  addDays, daysBetween, type GoalRecommendation, type Goals, type GoalsInput, localDay, monthStart,
} from '@storecast/contract';
import { dailyAudienceStats, dailySendStats, dashboardGoals, type Db, flows, type ShopScope } from '@storecast/db';
import { eq, gte, lte, sql } from 'drizzle-orm';
import { readShopClock } from './read-overview.ts';

/** Where each piece of advice leads in the admin. */
const LINKS: Record<GoalRecommendation, string> = {
  smart_send: '/automation',
  segment_send: '/tags',
  popup: '/popup',
};

/** This month's goals (zero when never set), progress from the rollups, and advice for goals behind pace. */
export async function readGoals(db: Db, scope: ShopScope, now = new Date()): Promise<Goals> {
  const { timezone, currency } = await readShopClock(db, scope);
  const today = localDay(now, timezone);
  const month = monthStart(today);
  const nextMonth = monthStart(addDays(month, 32));
  const daysInMonth = daysBetween(month, addDays(nextMonth, -1));
  const daysPassed = daysBetween(month, today);
  const [goalRow] = await db.select().from(dashboardGoals).where(scope.where(dashboardGoals, eq(dashboardGoals.month, month)));
  const goals = { revenue: goalRow?.revenue ?? 0, subscribers: goalRow?.subscribers ?? 0, sends: goalRow?.sends ?? 0 };
  const [sends] = await db
    .select({ revenue: sql<string>`coalesce(sum(${dailySendStats.revenue}), 0)`, sent: sql<string>`coalesce(sum(${dailySendStats.sent}), 0)` })
    .from(dailySendStats)
    .where(scope.where(dailySendStats, gte(dailySendStats.day, month), lte(dailySendStats.day, today)));
  const [audience] = await db
    .select({ subscribed: sql<string>`coalesce(sum(${dailyAudienceStats.subscribed}), 0)` })
    .from(dailyAudienceStats)
    .where(scope.where(dailyAudienceStats, gte(dailyAudienceStats.day, month), lte(dailyAudienceStats.day, today)));
  const progress = { revenue: Number(sends?.revenue ?? 0), subscribers: Number(audience?.subscribed ?? 0), sends: Number(sends?.sent ?? 0) };
  // Behind: below the share of the goal the days gone by should have brought.
  const behind = (['revenue', 'subscribers', 'sends'] as const)
    .filter((k) => goals[k] > 0 && progress[k] < (goals[k] * daysPassed) / daysInMonth);
  const advice = new Set<GoalRecommendation>();
  if (behind.includes('revenue')) {
    const [on] = await db.select({ n: sql<number>`count(*)::int` }).from(flows).where(scope.where(flows, eq(flows.status, 'on')));
    if (!on || on.n === 0) advice.add('smart_send');
    advice.add('segment_send');
  }
  if (behind.includes('subscribers')) advice.add('popup');
  if (behind.includes('sends')) advice.add('segment_send');
  return {
    month, currency, days_in_month: daysInMonth, days_passed: daysPassed, goals, progress, behind,
    recommendations: [...advice].map((key) => ({ key, link: LINKS[key] })),
  };
}

/** Sets this month's goals (the month in the store's time zone). */
export async function saveGoals(db: Db, scope: ShopScope, input: GoalsInput, now = new Date()): Promise<Goals> {
  const { timezone } = await readShopClock(db, scope);
  const month = monthStart(localDay(now, timezone));
  const set = { revenue: input.revenue, subscribers: input.subscribers, sends: input.sends };
  await db.insert(dashboardGoals).values(scope.values({ month, ...set }))
    .onConflictDoUpdate({ target: [dashboardGoals.shopId, dashboardGoals.month], set: { ...set, updatedAt: new Date() } });
  return readGoals(db, scope, now);
}
