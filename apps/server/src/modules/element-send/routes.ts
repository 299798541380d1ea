import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** Element Send's product choice and matching. */
export function elementSendRoutes(_app: FastifyInstance, _deps: Deps) {}
