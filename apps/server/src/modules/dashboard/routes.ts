import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { readOrderMoney, readSubscribeSeries } from './read-data-series.ts';
import { readGoals, saveGoals } from './manage-goals.ts';
import { readOverview } from './read-overview.ts';

/** Goals and the overview, read from the daily rollups (never from raw rows). */
export function dashboardRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.dashboard;
  const db = deps.dbh.db;
  registerRoute(app, deps, r.overview, ({ scope, query }) => readOverview(deps.dbh, scope, query.range));
  registerRoute(app, deps, r.orderMoney, ({ scope, query }) => readOrderMoney(deps.dbh, scope, query.range));
  registerRoute(app, deps, r.subscribe, ({ scope, query }) => readSubscribeSeries(deps.dbh, scope, query.range));
  registerRoute(app, deps, r.goals, ({ scope }) => readGoals(db, scope));
  registerRoute(app, deps, r.saveGoals, ({ scope, body }) => saveGoals(db, scope, body));
}
