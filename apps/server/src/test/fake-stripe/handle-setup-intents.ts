import { answerIntentAction } from './answer-intent-action.ts';
import { attachPaymentMethod, paymentMethodOfConfirm, setupDecline } from './card-payment-methods.ts';
import { allowParams, mergeMetadata, requireSecretKey, type Handler, type IntentDeps } from './fake-stripe-context.ts';
import { clientSecretFor, getOr404, newId, nowSeconds, type StripeObject } from './fake-stripe-store.ts';
import { cardError, invalidRequest } from './stripe-error.ts';
import { cardBehaviour } from './test-cards.ts';

const CREATE = [
  'customer', 'usage', 'payment_method_types', 'allowed_payment_method_types', 'excluded_payment_method_types', 'payment_method_options',
  'use_stripe_sdk', 'single_use', 'on_behalf_of', 'flow_directions', 'payment_method', 'confirm', 'metadata', 'description', 'automatic_payment_methods', 'return_url', 'payment_method_data'];
const CONFIRM = ['payment_method', 'payment_method_data', 'return_url', 'use_stripe_sdk', 'expected_payment_method_type', 'mandate_data'];

/**
 * `/v1/setup_intents`: create, retrieve, confirm (by the server, or by Stripe.js with the
 * publishable key and the client secret), cancel, and the private `_test_3ds` the fake Stripe.js
 * calls when the shopper finishes the 3-D Secure dialog.
 */
export const handleSetupIntents: Handler = (ctx) => {
  const [root, id, action] = ctx.parts;
  if (root !== 'setup_intents') return undefined;
  const { store, params } = ctx;

  if (ctx.method === 'POST' && !id) {
    requireSecretKey(ctx);
    allowParams(ctx, CREATE);
    const customer = params.str('customer');
    if (customer) getOr404(store.customers, customer, 'customer', 'customer');
    const usage = params.str('usage') ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session') throw invalidRequest('Invalid usage: must be one of on_session or off_session', 'usage');
    // API versions before 2026 name it payment_method_types; the v23 client's allowed_payment_method_types.
    const allowed = params.form.allowed_payment_method_types === undefined ? null : params.list('allowed_payment_method_types');
    const types = [...params.list('payment_method_types'), ...(allowed ?? [])];
    if (types.some((t) => t !== 'card')) throw invalidRequest('The fake supports the card payment method type only.', 'allowed_payment_method_types');
    const sid = newId('seti');
    const intent: StripeObject = {
      id: sid,
      object: 'setup_intent',
      allowed_payment_method_types: allowed,
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: clientSecretFor(sid),
      created: nowSeconds(),
      customer: customer ?? null,
      description: params.str('description') ?? null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: mergeMetadata({}, params.form.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage,
    };
    store.setupIntents.set(sid, intent);
    if (params.bool('confirm')) return confirmSetupIntent(ctx, intent);
    const pm = paymentMethodOfConfirm(store, params.form);
    if (pm) Object.assign(intent, { payment_method: pm.id, status: 'requires_confirmation' });
    return intent;
  }
  if (!id) return undefined;
  const intent = getOr404(store.setupIntents, id, 'intent', 'setup_intent');
  return answerIntentAction(ctx, intent, action, {
    confirmParams: CONFIRM,
    confirm: confirmSetupIntent,
    canceled: (reason) => ({ cancellation_reason: reason ?? null }),
    finishThreeDS: finishSetupThreeDS,
    unexpectedState,
  });
};

const unexpectedState = (intent: StripeObject, verb: string) =>
  invalidRequest(
    `You cannot ${verb} this SetupIntent because it has a status of ${String(intent.status)}.`,
    undefined,
    'setup_intent_unexpected_state',
  );

function confirmSetupIntent(ctx: Parameters<Handler>[0], intent: StripeObject): StripeObject {
  const { store, params } = ctx;
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') throw unexpectedState(intent, 'confirm');
  const pm =
    paymentMethodOfConfirm(store, params.form) ??
    (typeof intent.payment_method === 'string' ? store.paymentMethods.get(intent.payment_method) : undefined);
  if (!pm) {
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const decline = setupDecline(store, pm);
  if (decline) {
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { type: 'card_error', ...decline, payment_method: pm },
    });
    ctx.emit('setup_intent.setup_failed', intent);
    throw cardError(decline, { setup_intent: intent, payment_method: pm });
  }
  if (cardBehaviour(store.cardNumbers.get(pm.id) ?? '') === 'threeDS') {
    return Object.assign(intent, {
      status: 'requires_action',
      payment_method: pm.id,
      last_setup_error: null,
      next_action: {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${ctx.baseUrl}/3ds/${intent.id}`, source: newId('src') },
      },
    });
  }
  intent.payment_method = pm.id;
  return succeed(ctx, intent);
}

function succeed(deps: IntentDeps, intent: StripeObject): StripeObject {
  const pm = deps.store.paymentMethods.get(String(intent.payment_method))!;
  if (typeof intent.customer === 'string') attachPaymentMethod(deps.store, pm, intent.customer);
  Object.assign(intent, { status: 'succeeded', next_action: null, last_setup_error: null, latest_attempt: newId('setatt') });
  deps.emit('setup_intent.succeeded', intent);
  return intent;
}

/** The shopper's 3-D Secure answer for a SetupIntent in requires_action. */
export function finishSetupThreeDS(deps: IntentDeps, id: string, ok: boolean): StripeObject {
  const intent = getOr404(deps.store.setupIntents, id, 'intent', 'setup_intent');
  if (intent.status !== 'requires_action') throw unexpectedState(intent, 'authenticate');
  if (ok) return succeed(deps, intent);
  const pm = deps.store.paymentMethods.get(String(intent.payment_method));
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_setup_error: {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message:
        'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set it up again.',
      payment_method: pm ?? null,
    },
  });
  deps.emit('setup_intent.setup_failed', intent);
  return intent;
}
