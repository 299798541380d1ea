import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { readActivityLogs } from './read-activity-logs.ts';

/** The store's activity log. */
export function activityRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.activity.logs, ({ scope, query, locale }) => readActivityLogs(deps, scope, query, locale));
}
