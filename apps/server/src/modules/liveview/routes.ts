import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { listShopperActions } from './list-shopper-actions.ts';
import { readShopperProfile } from './read-shopper-profile.ts';
import { liveStreamRoute } from './stream-live-view.ts';

/** The live view's stream, the shopper action stream and a shopper's profile. */
export function liveviewRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.liveview;
  registerRoute(app, deps, r.userAction, ({ scope, query }) => listShopperActions(deps.dbh, scope, query));
  registerRoute(app, deps, r.ukeyInfo, ({ scope, query }) => readShopperProfile(deps.dbh, scope, query));
  liveStreamRoute(app, deps);
}
