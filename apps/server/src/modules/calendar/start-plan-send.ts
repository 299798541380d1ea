import { type Locale, translateError } from '@storecast/contract';
import { marketingPlans, type ShopScope, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { findPlan } from './manage-plans.ts';

/** The strategy name's limit (the Segment Send wizard refuses longer names). */
const NAME_MAX = 60;

/**
 * Starts a Segment Send from a plan: a draft named after the plan's holiday and purpose, linked
 * to the plan, which the admin then completes in the wizard (/tags/setting?id=). A plan whose
 * linked send still exists gets that one back rather than a second draft.
 */
export async function startPlanSend(deps: Deps, scope: ShopScope, id: string, locale: Locale) {
  const { db } = deps.dbh;
  const plan = await findPlan(deps, scope, id);
  if (plan.strategyId) {
    const [linked] = await db.select({ id: strategies.id, name: strategies.name }).from(strategies)
      .where(scope.where(strategies, eq(strategies.id, plan.strategyId)));
    if (linked) return { id: plan.id, strategy_id: linked.id, name: linked.name };
  }
  const name = (plan.purpose ? translateError(locale, 'notices.calendar.sendName', { holiday: plan.holiday, purpose: plan.purpose }) : plan.holiday)
    .slice(0, NAME_MAX);
  const [row] = await db.insert(strategies).values(scope.values({
    kind: 'segment' as const, name, utm: { source: 'storecast', medium: 'email', campaign: '' }, locale, status: 'draft' as const, sendMode: 'draft' as const,
  })).returning({ id: strategies.id });
  await db.update(marketingPlans).set({ strategyId: row!.id, updatedAt: new Date() })
    .where(scope.where(marketingPlans, eq(marketingPlans.id, plan.id)));
  return { id: plan.id, strategy_id: row!.id, name };
}
