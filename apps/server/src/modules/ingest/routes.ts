import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import { ingestBudget } from './ingest-budget.ts';
import { ingestCustomers } from './ingest-customers.ts';
import { ingestEvents } from './ingest-events.ts';
import { ingestOrders } from './ingest-orders.ts';
import { ingestProducts } from './ingest-products.ts';

export function ingestRoutes(app: FastifyInstance, deps: Deps) {
  const db = () => deps.dbh.db;
  const t = api.apiToken;
  registerRoute(app, deps, t.list, ({ scope }) => listApiTokens(db(), scope));
  registerRoute(app, deps, t.create, ({ scope, body }) => createApiToken(db(), scope, body.name));
  registerRoute(app, deps, t.revoke, ({ scope, body }) => revokeApiToken(db(), scope, body.id));
  // Batches are checked item by item, so the good records of a batch are kept.
  const own = { ownBodyCheck: true };
  const i = api.ingest;
  const budget = ingestBudget();
  registerRoute(app, deps, i.customers, ({ scope, body, locale }) => budget(scope, () => ingestCustomers(db(), scope, body, locale)), own);
  registerRoute(app, deps, i.orders, ({ scope, body, locale }) => budget(scope, () => ingestOrders(db(), scope, body, locale)), own);
  registerRoute(app, deps, api.catalogue.ingest, ({ scope, body, locale }) => budget(scope, () => ingestProducts(db(), scope, body, locale)), own);
  registerRoute(app, deps, i.events, ({ scope, body, locale }) => budget(scope, () => ingestEvents(db(), scope, body, locale)), own);
}
