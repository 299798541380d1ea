import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { defineRoute } from './define-route.ts';

export * from '../rules/holidays.ts';

export const DISCOUNT_STRENGTHS = ['large', 'medium', 'small'] as const;

/** A calendar day, YYYY-MM-DD, within the years PostgreSQL and the calendar handle. */
export const calendarDaySchema = z.string()
  .max(10, { error: 'errors.calendar.dayFormat' })
  .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'errors.calendar.dayFormat' })
  // A day that does not exist (02-30) is refused too; the check also runs after a failed format.
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
  }, { error: 'errors.calendar.dayFormat' });

/** A month of the calendar, YYYY-MM. */
export const calendarMonthSchema = z.string()
  .max(7, { error: 'errors.calendar.monthFormat' })
  .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { error: 'errors.calendar.monthFormat' });

const field = z.string().trim().max(LIMITS.calendarFieldMax, { error: 'errors.calendar.fieldTooLong' });

/** A plan as the drawer form and /calendar/save take it (SPEC 5: four fields max 50, remarks max 100). */
export const calendarPlanBody = z.object({
  id: z.string().max(50).optional(),
  starts_on: calendarDaySchema,
  ends_on: calendarDaySchema,
  holiday: field.min(1, { error: 'errors.calendar.holidayRequired' }),
  purpose: field.default(''),
  audience: field.default(''),
  offer: field.default(''),
  strength: z.enum(DISCOUNT_STRENGTHS).default('medium'),
  remarks: z.string().trim().max(LIMITS.calendarRemarksMax, { error: 'errors.calendar.remarksTooLong' }).default(''),
}).refine((b) => b.starts_on <= b.ends_on, { error: 'errors.calendar.dateOrder', path: ['ends_on'] });
export type CalendarPlanBody = z.input<typeof calendarPlanBody>;

export const calendarPlanSchema = z.object({
  id: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  holiday: z.string(),
  purpose: z.string(),
  audience: z.string(),
  offer: z.string(),
  strength: z.enum(DISCOUNT_STRENGTHS),
  remarks: z.string(),
  /** The Segment Send the plan started; null before. */
  strategy_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarPlan = z.infer<typeof calendarPlanSchema>;

export const holidayViewSchema = z.object({ id: z.string(), date: z.string(), name: z.string() });
export type HolidayView = z.infer<typeof holidayViewSchema>;

const idBody = z.object({ id: z.string().min(1).max(50) });
const monthQuery = z.object({ month: calendarMonthSchema });

/** The marketing calendar's plans and the holidays of the store's market. */
export const calendarRoutes = {
  plans: defineRoute({
    method: 'GET', path: '/calendar/plans', access: 'shop', tag: 'calendar',
    summary: 'Plans overlapping a month (YYYY-MM), by start day', query: monthQuery, data: z.array(calendarPlanSchema),
  }),
  save: defineRoute({
    method: 'POST', path: '/calendar/save', access: 'shop', tag: 'calendar',
    summary: 'Create or update a plan', body: calendarPlanBody, data: calendarPlanSchema,
  }),
  delete: defineRoute({
    method: 'POST', path: '/calendar/delete', access: 'shop', ownerOnly: true, tag: 'calendar',
    summary: 'Delete a plan (a Segment Send it started stays)', body: idBody, data: z.object({ id: z.string() }),
  }),
  startSend: defineRoute({
    method: 'POST', path: '/calendar/start-send', access: 'shop', tag: 'calendar',
    summary: 'Create a draft Segment Send named after the plan and link it; an already linked, existing one is reused',
    body: idBody, data: z.object({ id: z.string(), strategy_id: z.string(), name: z.string() }),
  }),
  holidays: defineRoute({
    method: 'GET', path: '/calendar/holidays', access: 'shop', tag: 'calendar',
    summary: "The month's main holidays of the store's market, named in the caller's language",
    query: monthQuery, data: z.object({ market: z.string(), items: z.array(holidayViewSchema) }),
  }),
} as const;
