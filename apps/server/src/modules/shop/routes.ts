import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { connectStore } from './connect-store.ts';
import { listStores } from './list-stores.ts';
import { readStoreInfo, saveStoreInfo } from './store-info.ts';
import { switchStore } from './switch-store.ts';

export function shopRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.shop;
  registerRoute(app, deps, r.list, ({ session }) => listStores(deps, session));
  registerRoute(app, deps, r.connect, ({ session, body, locale }) => connectStore(deps, session, body.platform, body, locale));
  registerRoute(app, deps, r.switchStore, ({ session, body }) => switchStore(deps, session, body.shop_id));
  registerRoute(app, deps, r.info, ({ scope, session }) => readStoreInfo(deps, scope, session.role!));
  registerRoute(app, deps, r.saveInfo, ({ scope, session, body }) => saveStoreInfo(deps, scope, session.role!, body));
}
