import type { CalendarPlan } from '@storecast/contract';
import { type marketingPlans } from '@storecast/db';

type PlanRow = typeof marketingPlans.$inferSelect;

/** A plan row as the API answers it. */
export function toPlan(r: PlanRow): CalendarPlan {
  return {
    id: r.id,
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    holiday: r.holiday,
    purpose: r.purpose,
    audience: r.audience,
    offer: r.offer,
    strength: r.strength,
    remarks: r.remarks,
    strategy_id: r.strategyId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
