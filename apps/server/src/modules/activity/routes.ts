import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** The store's activity log. */
export function activityRoutes(_app: FastifyInstance, _deps: Deps) {}
