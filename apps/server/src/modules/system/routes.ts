import { api, CURRENCIES, FONTS } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';

const VERSION = '0.1.0';

export function systemRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.system;
  registerRoute(app, deps, r.health, async () => {
    await deps.dbh.exec('select 1');
    return { status: 'ok' as const, db: deps.dbh.kind, role: deps.config.role, version: VERSION };
  });
  registerRoute(app, deps, r.appConfig, async () => {
    const c = deps.config;
    return {
      sunset: c.sunset ? { date: c.sunset.date, url: c.sunset.url, stay_param: c.sunset.stayParam } : null,
      own_hosts: c.ownHosts,
      internal_shop_ids: c.internalShopIds,
      help_url: c.helpUrl,
      support_url: c.supportUrl,
      support_email: c.supportEmail,
    };
  });
  registerRoute(app, deps, api.shop.currency, async () => [...CURRENCIES]);
  registerRoute(app, deps, api.shop.fontList, async () => [...FONTS]);
}
