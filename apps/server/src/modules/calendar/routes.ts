import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { deletePlan, listPlans, savePlan } from './manage-plans.ts';
import { readHolidays } from './read-holidays.ts';
import { startPlanSend } from './start-plan-send.ts';

/** The marketing calendar. */
export function calendarRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.calendar;
  registerRoute(app, deps, r.plans, ({ scope, query }) => listPlans(deps, scope, query.month));
  registerRoute(app, deps, r.save, async ({ scope, body, setMessage }) => {
    const plan = await savePlan(deps, scope, body);
    setMessage('notices.calendar.saved');
    return plan;
  });
  registerRoute(app, deps, r.delete, async ({ scope, body, setMessage }) => {
    const out = await deletePlan(deps, scope, body.id);
    setMessage('notices.calendar.deleted');
    return out;
  });
  registerRoute(app, deps, r.startSend, async ({ scope, body, locale, setMessage }) => {
    const out = await startPlanSend(deps, scope, body.id, locale);
    setMessage('notices.calendar.sendCreated');
    return out;
  });
  registerRoute(app, deps, r.holidays, ({ scope, query, locale }) => readHolidays(deps, scope, query.month, locale));
}
