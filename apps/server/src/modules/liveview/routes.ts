import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** The live view's stream, the shopper action stream and a shopper's profile. */
export function liveviewRoutes(_app: FastifyInstance, _deps: Deps) {}
