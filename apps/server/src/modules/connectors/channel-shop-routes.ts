import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { claimPlatformStore, readClaim } from './claim-platform-store.ts';
import { readChannelShopInfo, saveShopifyTokens } from './channel-shop-info.ts';
import { platformInstallRoutes } from './install-routes.ts';

/** The install's pages (outside the contract), the claim, and the store's platform link (/store/api-token). */
export function channelShopRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.channelShop;
  platformInstallRoutes(app, deps);
  registerRoute(app, deps, r.claimInfo, ({ query }) => readClaim(deps, query.claim));
  registerRoute(app, deps, r.claim, ({ session, body, locale }) => claimPlatformStore(deps, session, body.claim, locale));
  registerRoute(app, deps, r.info, ({ scope, locale }) => readChannelShopInfo(deps, scope, locale));
  registerRoute(app, deps, r.saveShopifyToken, ({ scope, body, locale }) => saveShopifyTokens(deps, scope, locale, body));
}
