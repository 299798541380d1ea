import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { listOutbox, readOutboxMessage } from './read-outbox.ts';

/**
 * The local outbox (mail kept when no SMTP relay is configured), read by the store's admin, with
 * the product's own mail for the store and for the signed-in account.
 */
export function outboxRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.outbox.list, ({ scope, session, query }) => listOutbox(deps, { scope, email: session.user.email }, query));
  registerRoute(app, deps, api.outbox.detail, ({ scope, session, query }) => readOutboxMessage(deps, { scope, email: session.user.email }, query.id));
}
