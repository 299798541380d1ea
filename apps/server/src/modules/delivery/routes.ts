import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { listOutbox, readOutboxMessage } from './read-outbox.ts';

/** The local outbox (mail kept when no SMTP relay is configured), read by the store's admin. */
export function outboxRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.outbox.list, ({ scope, query }) => listOutbox(deps, scope, query));
  registerRoute(app, deps, api.outbox.detail, ({ scope, query }) => readOutboxMessage(deps, scope, query.id));
}
