import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { confirmPageRoutes } from './confirm-page.ts';
import { identifyVisitor } from './identify-visitor.ts';
import { readStorefrontConfig } from './read-storefront-config.ts';
import { recordShopperEvents } from './record-shopper-events.ts';
import { serveStorefrontScript } from './serve-script.ts';
import { subscribeShopper } from './subscribe-shopper.ts';

/** The storefront script's routes, its double opt-in page, and the script itself. */
export function storefrontRoutes(app: FastifyInstance, deps: Deps) {
  const db = deps.dbh.db;
  const r = api.storefront;

  registerRoute(app, deps, r.config, async ({ scope, query }) => readStorefrontConfig(db, scope, query.visitor_id));
  // The answer depends on the visitor (subscriber, customer): the security headers' no-store
  // stands, as a shared cache would hand one visitor's facts to the next.

  registerRoute(app, deps, r.subscribe, async ({ store, body, req }) => subscribeShopper(deps, store, body, req));

  registerRoute(app, deps, r.events, async ({ scope, body }) => ({
    accepted: await recordShopperEvents(deps.dbh, scope, body.visitor_id, body.events),
  }));

  registerRoute(app, deps, r.identify, async ({ scope, body }) => ({
    linked: await identifyVisitor(db, scope, body.visitor_id, body),
  }));

  confirmPageRoutes(app, deps);
  serveStorefrontScript(app);
}
