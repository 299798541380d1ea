import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { grantVolume } from './grants/grant-volume.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { offerRoutes } from './offers/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { readSendPackageData } from './read-send-package-data.ts';
import { readVipState } from './read-vip-state.ts';

export function billingRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.billing.enableData, ({ scope }) => readSendPackageData(deps, scope));
  registerRoute(app, deps, api.billing.vipInfo, ({ scope }) => readVipState(deps, scope));
  paymentRoutes(app, deps);
  offerRoutes(app, deps);
  invoiceRoutes(app, deps);
  // Guesses at the operator's token are counted per client address like sign-ins.
  registerRoute(app, deps, api.operator.grantVolume, ({ body }) => grantVolume(deps, body), { rateLimit: { keyFields: [] } });
}
