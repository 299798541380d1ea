import { type calendarPlanBody, isUuid } from '@storecast/contract';
import { marketingPlans, type ShopScope } from '@storecast/db';
import { asc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { toPlan } from './plan-records.ts';

type Body = z.output<typeof calendarPlanBody>;

const planGone = () => new AppError('errors.calendar.notFound', 404);

/** The last day of a month `YYYY-MM`. */
function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Plans with at least one day in the month, by start day. */
export async function listPlans(deps: Deps, scope: ShopScope, month: string) {
  const rows = await deps.dbh.db.select().from(marketingPlans)
    .where(scope.where(marketingPlans, lte(marketingPlans.startsOn, lastDay(month)), gte(marketingPlans.endsOn, `${month}-01`)))
    .orderBy(asc(marketingPlans.startsOn), asc(marketingPlans.createdAt));
  return rows.map(toPlan);
}

export async function findPlan(deps: Deps, scope: ShopScope, id: string) {
  if (!isUuid(id)) throw planGone();
  const [row] = await deps.dbh.db.select().from(marketingPlans).where(scope.where(marketingPlans, eq(marketingPlans.id, id)));
  if (!row) throw planGone();
  return row;
}

/** Creates a plan, or updates one of this store (another store's id is not found). */
export async function savePlan(deps: Deps, scope: ShopScope, body: Body) {
  const fields = {
    startsOn: body.starts_on, endsOn: body.ends_on, holiday: body.holiday, purpose: body.purpose, audience: body.audience,
    offer: body.offer, strength: body.strength, remarks: body.remarks,
  };
  const { db } = deps.dbh;
  if (body.id) {
    await findPlan(deps, scope, body.id);
    const [row] = await db.update(marketingPlans).set({ ...fields, updatedAt: new Date() })
      .where(scope.where(marketingPlans, eq(marketingPlans.id, body.id))).returning();
    return toPlan(row!);
  }
  const [row] = await db.insert(marketingPlans).values(scope.values(fields)).returning();
  return toPlan(row!);
}

/** Deletes a plan; the Segment Send it started is the owner's to keep or delete. */
export async function deletePlan(deps: Deps, scope: ShopScope, id: string) {
  await findPlan(deps, scope, id);
  await deps.dbh.db.delete(marketingPlans).where(scope.where(marketingPlans, eq(marketingPlans.id, id)));
  return { id };
}
