import { type CalendarPlan, type CalendarPlanBody, calendarPlanBody, type DISCOUNT_STRENGTHS } from '@storecast/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The drawer form's values: the two days as one range picker. */
export interface PlanValues {
  range?: [Dayjs, Dayjs];
  holiday: string;
  purpose: string;
  audience: string;
  offer: string;
  strength: (typeof DISCOUNT_STRENGTHS)[number];
  remarks: string;
}

export const DAY = 'YYYY-MM-DD';

/** A new plan's values: from a holiday of the calendar (its day, its name) or an empty day. */
export function newPlanValues(day: Dayjs, holiday = ''): PlanValues {
  return { range: [day, day], holiday, purpose: '', audience: '', offer: '', strength: 'medium', remarks: '' };
}

export function planValues(plan: CalendarPlan): PlanValues {
  return {
    range: [dayjs(plan.starts_on), dayjs(plan.ends_on)], holiday: plan.holiday, purpose: plan.purpose, audience: plan.audience,
    offer: plan.offer, strength: plan.strength, remarks: plan.remarks,
  };
}

export function planBody(values: PlanValues, id?: string): CalendarPlanBody {
  return {
    ...(id ? { id } : {}),
    starts_on: values.range?.[0]?.format(DAY) ?? '',
    ends_on: values.range?.[1]?.format(DAY) ?? '',
    holiday: values.holiday ?? '', purpose: values.purpose ?? '', audience: values.audience ?? '', offer: values.offer ?? '',
    strength: values.strength, remarks: values.remarks ?? '',
  };
}

/** The body's form field: the two days are one field, the range. */
const FIELD: Record<string, keyof PlanValues> = { starts_on: 'range', ends_on: 'range' };

/**
 * Checks the values with the contract's schema, so the drawer says what /calendar/save would:
 * each failing field with its message key (`errors.calendar.*`, or the generic ones).
 */
export function checkPlan(values: PlanValues): { field: keyof PlanValues; message: string }[] {
  const result = calendarPlanBody.safeParse(planBody(values));
  if (result.success) return [];
  const seen = new Set<string>();
  const out: { field: keyof PlanValues; message: string }[] = [];
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FIELD[key] ?? (key as keyof PlanValues);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}
