import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** The marketing calendar. */
export function calendarRoutes(_app: FastifyInstance, _deps: Deps) {}
