import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** The admin's product list and search (the ingestion of products is the ingest module's). */
export function catalogueRoutes(_app: FastifyInstance, _deps: Deps) {}
