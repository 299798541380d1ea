import { answerIntentAction } from './answer-intent-action.ts';
import { chargeBehaviour, paymentMethodOfConfirm } from './card-payment-methods.ts';
import { allowParams, listOf, mergeMetadata, requireSecretKey, type Handler, type HandlerContext, type IntentDeps } from './fake-stripe-context.ts';
import { clientSecretFor, getOr404, newId, nowSeconds, type StripeObject } from './fake-stripe-store.ts';
import type { Params } from './parse-form.ts';
import { cardError, invalidRequest, missingParam } from './stripe-error.ts';
import { DECLINES, type CardDecline } from './test-cards.ts';

const CREATE = [
  'amount', 'currency', 'customer', 'payment_method', 'confirm', 'off_session', 'metadata', 'description',
  'payment_method_types', 'setup_future_usage', 'receipt_email', 'statement_descriptor', 'statement_descriptor_suffix',
  'automatic_payment_methods', 'return_url', 'error_on_requires_action', 'confirmation_method', 'capture_method',
  'payment_method_data', 'allowed_payment_method_types', 'excluded_payment_method_types', 'payment_method_options',
  'use_stripe_sdk', 'shipping',
];
const CONFIRM = [
  'payment_method', 'payment_method_data', 'off_session', 'return_url', 'setup_future_usage', 'receipt_email',
  'error_on_requires_action', 'use_stripe_sdk', 'expected_payment_method_type',
];

/**
 * `/v1/payment_intents`: create (optionally confirming, on or off session), retrieve, confirm
 * (server or Stripe.js), cancel, list by customer, and the private `_test_3ds`.
 * Confirm: succeeded | requires_action (3-D Secure card on session) | HTTP 402 card_error with
 * `error.payment_intent` back in requires_payment_method with `last_payment_error`.
 */
export const handlePaymentIntents: Handler = (ctx) => {
  const [root, id, action] = ctx.parts;
  if (root !== 'payment_intents') return undefined;
  const { store, params } = ctx;

  if (ctx.method === 'POST' && !id) {
    requireSecretKey(ctx);
    allowParams(ctx, CREATE);
    const intent = createIntent(ctx);
    store.paymentIntents.set(intent.id, intent);
    if (params.str('off_session') !== undefined && !params.bool('confirm')) {
      throw invalidRequest('You may only specify `off_session` when `confirm` is true.', 'off_session');
    }
    return params.bool('confirm') ? confirmIntent(ctx, intent) : intent;
  }
  if (ctx.method === 'GET' && !id) {
    requireSecretKey(ctx);
    allowParams(ctx, ['customer', 'limit']);
    const customer = params.str('customer');
    const data = [...store.paymentIntents.values()].filter((pi) => !customer || pi.customer === customer);
    return listOf('/v1/payment_intents', data.reverse());
  }
  if (!id) return undefined;
  const intent = getOr404(store.paymentIntents, id, 'intent', 'payment_intent');
  return answerIntentAction(ctx, intent, action, {
    confirmParams: CONFIRM,
    confirm: confirmIntent,
    canceled: (reason) => ({ canceled_at: nowSeconds(), cancellation_reason: reason ?? 'requested_by_customer' }),
    finishThreeDS: finishPaymentThreeDS,
    unexpectedState,
  });
};

function amountOf(params: Params): number {
  const raw = params.str('amount');
  if (raw === undefined) throw missingParam('amount');
  if (!/^\d+$/.test(raw)) throw invalidRequest('Invalid integer: ' + raw.slice(0, 50), 'amount');
  const amount = Number(raw);
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'amount', 'amount_too_small');
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than 99999999.', 'amount', 'amount_too_large');
  return amount;
}

function createIntent(ctx: HandlerContext): StripeObject {
  const { store, params } = ctx;
  const amount = amountOf(params);
  const currency = params.str('currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency.slice(0, 20)}.`, 'currency');
  const customer = params.str('customer');
  if (customer) getOr404(store.customers, customer, 'customer', 'customer');
  const allowed = params.form.allowed_payment_method_types === undefined ? null : params.list('allowed_payment_method_types');
  if ([...params.list('payment_method_types'), ...(allowed ?? [])].some((t) => t !== 'card')) {
    throw invalidRequest('The fake supports the card payment method type only.', 'allowed_payment_method_types');
  }
  const pid = newId('pi');
  return {
    id: pid,
    object: 'payment_intent',
    allowed_payment_method_types: allowed,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecretFor(pid),
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency,
    customer: customer ?? null,
    description: params.str('description') ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, params.form.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: params.str('receipt_email') ?? null,
    setup_future_usage: params.str('setup_future_usage') ?? null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

const unexpectedState = (intent: StripeObject, verb: string) =>
  invalidRequest(
    intent.status === 'succeeded'
      ? `You cannot ${verb} this PaymentIntent because it has already succeeded after being previously confirmed.`
      : `You cannot ${verb} this PaymentIntent because it has a status of ${String(intent.status)}.`,
    undefined,
    'payment_intent_unexpected_state',
  );

function confirmIntent(ctx: HandlerContext, intent: StripeObject): StripeObject {
  const { store, params } = ctx;
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') throw unexpectedState(intent, 'confirm');
  const pm =
    paymentMethodOfConfirm(store, params.form) ??
    (typeof intent.payment_method === 'string' ? store.paymentMethods.get(intent.payment_method) : undefined);
  if (!pm) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_xxx, specify a payment method attached to this customer along with the customer ID.",
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  if (pm.customer && intent.customer && pm.customer !== intent.customer) {
    throw invalidRequest('The provided PaymentMethod belongs to a different Customer.', 'payment_method');
  }
  // `true`, or (API 2026) the kind of off-session payment: one_off | recurring.
  const offSession = ['true', 'one_off', 'recurring'].includes(params.str('off_session') ?? '');
  if (offSession && !pm.customer) {
    throw invalidRequest('The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.', 'payment_method');
  }
  intent.payment_method = pm.id;
  const behaviour = chargeBehaviour(store, pm);
  if (behaviour === 'threeDS') {
    if (offSession) return fail(ctx, intent, DECLINES.authenticationRequired);
    return Object.assign(intent, {
      status: 'requires_action',
      last_payment_error: null,
      next_action: {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${ctx.baseUrl}/3ds/${intent.id}`, source: newId('src') },
      },
    });
  }
  if (behaviour === 'declined' || behaviour === 'attachThenDecline') return fail(ctx, intent, DECLINES.declined);
  if (behaviour === 'insufficientFunds') return fail(ctx, intent, DECLINES.insufficientFunds);
  if (behaviour === 'expired') return fail(ctx, intent, DECLINES.expired);
  return succeed(ctx, intent);
}

function succeed(deps: IntentDeps, intent: StripeObject): StripeObject {
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: newId('ch'),
    last_payment_error: null,
    next_action: null,
  });
  deps.emit('payment_intent.succeeded', intent);
  return intent;
}

/** A declined charge: the intent goes back to requires_payment_method and the answer is 402. */
function fail(deps: IntentDeps, intent: StripeObject, decline: CardDecline): never {
  const pm = deps.store.paymentMethods.get(String(intent.payment_method))!;
  const charge = newId('ch');
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    latest_charge: charge,
    next_action: null,
    last_payment_error: { type: 'card_error', charge, ...decline, doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`, payment_method: pm },
  });
  deps.emit('payment_intent.payment_failed', intent);
  throw cardError(decline, { charge, payment_intent: intent, payment_method: pm });
}

/** The shopper's 3-D Secure answer for a PaymentIntent in requires_action. */
export function finishPaymentThreeDS(deps: IntentDeps, id: string, ok: boolean): StripeObject {
  const intent = getOr404(deps.store.paymentIntents, id, 'intent', 'payment_intent');
  if (intent.status !== 'requires_action') throw unexpectedState(intent, 'authenticate');
  if (ok) return succeed(deps, intent);
  const pm = deps.store.paymentMethods.get(String(intent.payment_method));
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_payment_error: {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      payment_method: pm ?? null,
    },
  });
  deps.emit('payment_intent.payment_failed', intent);
  return intent;
}
