import { attachPaymentMethod, createCardPaymentMethod, resolvePaymentMethod } from './card-payment-methods.ts';
import { allowParams, listOf, mergeMetadata, requireSecretKey, type Handler } from './fake-stripe-context.ts';
import { invalidRequest, missingParam } from './stripe-error.ts';

/** `/v1/payment_methods`: create (also with the publishable key, as Stripe.js does), retrieve, attach, detach, list. */
export const handlePaymentMethods: Handler = (ctx) => {
  const [root, id, action] = ctx.parts;
  if (root !== 'payment_methods') return undefined;
  const { store, params } = ctx;

  if (ctx.method === 'POST' && !id) {
    allowParams(ctx, ['type', 'card', 'billing_details', 'metadata', 'customer', 'payment_method']);
    if (params.str('type') !== 'card') throw params.str('type') ? invalidRequest('Invalid type: only card is supported by the fake.', 'type') : missingParam('type');
    const pm = createCardPaymentMethod(store, params.obj('card'));
    pm.metadata = mergeMetadata({}, params.form.metadata);
    const billing = params.obj('billing_details');
    if (billing) Object.assign(pm.billing_details as object, { name: billing.name ?? null, email: billing.email ?? null });
    return pm;
  }
  requireSecretKey(ctx);
  if (ctx.method === 'GET' && !id) {
    allowParams(ctx, ['customer', 'type', 'limit']);
    const customer = params.str('customer');
    const type = params.str('type');
    const data = [...store.paymentMethods.values()].filter((pm) => (!customer || pm.customer === customer) && (!type || pm.type === type));
    return listOf('/v1/payment_methods', data.reverse());
  }
  if (!id) return undefined;
  const pm = resolvePaymentMethod(store, id, 'payment_method');
  if (ctx.method === 'GET' && !action) return pm;
  if (ctx.method === 'POST' && !action) {
    allowParams(ctx, ['metadata', 'billing_details', 'card']);
    pm.metadata = mergeMetadata(pm.metadata, params.form.metadata);
    return pm;
  }
  if (ctx.method === 'POST' && action === 'attach') {
    allowParams(ctx, ['customer']);
    const customer = params.str('customer');
    if (!customer) throw missingParam('customer');
    attachPaymentMethod(store, pm, customer);
    return pm;
  }
  if (ctx.method === 'POST' && action === 'detach') {
    allowParams(ctx, []);
    if (!pm.customer) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
    pm.customer = null;
    return pm;
  }
  return undefined;
};
