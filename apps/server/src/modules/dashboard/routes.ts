import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** Goals and the overview, read from the daily rollups. */
export function dashboardRoutes(_app: FastifyInstance, _deps: Deps) {}
