import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { registerRoute } from '../../../http/register-route.ts';
import { purchasePack, purchaseVip, readPaymentStatus, upgradeVip } from './purchase.ts';
import { keepSetupCard, readSavedCard, startCardSetup } from './save-card.ts';
import { stripeWebhookRoutes } from './stripe-webhook.ts';

/** Cards, purchases, upgrades, payment status and the provider's webhook. */
export function paymentRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.billing.getSetupIntent, ({ scope }) => startCardSetup(deps, scope));
  registerRoute(app, deps, api.billing.setPaymentMethod, async ({ scope, body, setMessage }) => {
    const card = await keepSetupCard(deps, scope, body.setup_intent_id);
    setMessage('notices.billing.cardSaved');
    return card;
  });
  registerRoute(app, deps, api.billing.getPaymentMethod, ({ scope }) => readSavedCard(deps, scope));
  registerRoute(app, deps, api.billing.purchasePack, ({ scope, session, locale, body }) =>
    purchasePack(deps, { scope, userId: session.user.id, locale }, body));
  registerRoute(app, deps, api.billing.purchaseVip, ({ scope, session, locale, body }) =>
    purchaseVip(deps, { scope, userId: session.user.id, locale }, body));
  registerRoute(app, deps, api.billing.upgradeVip, ({ scope, session, locale, body }) =>
    upgradeVip(deps, { scope, userId: session.user.id, locale }, body));
  registerRoute(app, deps, api.billing.paymentStatus, ({ scope, locale, query }) =>
    readPaymentStatus(deps, scope, locale, query.payment_id));
  stripeWebhookRoutes(app, deps);
}
