import { randomUUID } from 'node:crypto';
import type { PaymentItem } from '@storecast/db';
import type Stripe from 'stripe';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { markFailedIn, PAYMENT_COLUMNS, paidBy, type PaymentRow, settlePayment } from './settle-payment.ts';
import { cardFailureKey, isProviderDown, stripeAmount, stripeErrorType } from './stripe-client.ts';

export interface Charge {
  shopId: string;
  item: PaymentItem;
  amountMinor: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  /** Admin purchases: null (a fresh key); renewals: a key derived from what renews and the attempt. */
  idempotencyKey?: string;
  userId?: string | null;
  /** The worker charges without the owner present (no 3-D Secure possible). */
  offSession?: boolean;
}

/**
 * Records a payment and charges it: the row first (pending), so a charge whose answer never
 * comes is still known, then the PaymentIntent with the row's idempotency key, so retrying the
 * same row never charges twice. A success settles at once (or finds the webhook did already);
 * a card error fails the row with its message key; the provider not answering keeps the row
 * pending (the webhook or payment-status settles it later) and refuses with providerUnavailable.
 */
export async function chargePayment(deps: Deps, stripe: Stripe, charge: Charge): Promise<PaymentRow> {
  const key = charge.idempotencyKey ?? `pay:${randomUUID()}`;
  await deps.dbh.query(
    `insert into payments (shop_id, item, amount_minor, currency, idempotency_key, user_id)
     values ($1, $2, $3, $4, $5, $6) on conflict (idempotency_key) do nothing`,
    [charge.shopId, JSON.stringify(charge.item), charge.amountMinor, charge.currency, key, charge.userId ?? null],
  );
  const payment = (await deps.dbh.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where idempotency_key = $1`, [key])).rows[0]!;
  if (payment.status === 'succeeded' || payment.status === 'failed') return payment;
  return confirmPayment(deps, stripe, payment, charge);
}

/**
 * Creates (or, with the same key, finds again) the PaymentIntent of a recorded payment and
 * applies its outcome. payment-status calls it again for a row whose first answer never came.
 */
export async function confirmPayment(
  deps: Deps, stripe: Stripe, payment: PaymentRow, card: Pick<Charge, 'customerId' | 'paymentMethodId' | 'offSession' | 'shopId'>,
): Promise<PaymentRow> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create({
      amount: stripeAmount(payment.amountMinor, payment.currency),
      currency: payment.currency.toLowerCase(),
      customer: card.customerId,
      payment_method: card.paymentMethodId,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      confirm: true,
      off_session: card.offSession ?? false,
      metadata: { payment_id: payment.id, shop_id: card.shopId },
    }, { idempotencyKey: payment.idempotencyKey });
  } catch (err) {
    if (stripeErrorType(err) === 'StripeCardError') {
      const intentId = (err as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
      return markFailed(deps, payment.id, cardFailureKey(err), intentId);
    }
    if (isProviderDown(err)) throw new AppError('errors.billing.providerUnavailable', 409);
    // Any other refusal of the provider (a bad key, a request it rejects): nothing was charged.
    if (stripeErrorType(err)) {
      return markFailed(deps, payment.id, 'errors.billing.providerRefused', null);
    }
    throw err;
  }
  return applyIntent(deps, payment.id, intent);
}

/** Brings a payment row to where its PaymentIntent stands, settling it when it succeeded. */
export async function applyIntent(deps: Deps, paymentId: string, intent: Stripe.PaymentIntent): Promise<PaymentRow> {
  if (intent.status === 'succeeded') {
    await settlePayment(deps, paymentId, paidBy(intent));
  } else if (intent.status === 'requires_action') {
    await deps.dbh.query(
      `update payments set status = 'requires_action', intent_id = coalesce(intent_id, $2), client_secret = $3
       where id = $1 and status = 'pending'`,
      [paymentId, intent.id, intent.client_secret],
    );
  } else if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    // The card was refused after the attempt began (a failed 3-D Secure comes back here).
    const code = intent.last_payment_error?.code === 'authentication_required' || intent.last_payment_error?.code === 'payment_intent_authentication_failure'
      ? 'errors.billing.authenticationFailed'
      : intent.last_payment_error ? cardFailureKey(intent.last_payment_error) : 'errors.billing.declined';
    await markFailed(deps, paymentId, code, intent.id);
  } else {
    await deps.dbh.query(`update payments set intent_id = coalesce(intent_id, $2) where id = $1`, [paymentId, intent.id]);
  }
  return readPayment(deps, paymentId);
}

/** A payment that will not succeed; never one that already did (events can come in any order). */
export async function markFailed(deps: Deps, paymentId: string, failureKey: string, intentId: string | null): Promise<PaymentRow> {
  await markFailedIn(deps.dbh, paymentId, failureKey, intentId);
  return readPayment(deps, paymentId);
}

export async function readPayment(deps: Deps, paymentId: string): Promise<PaymentRow> {
  return (await deps.dbh.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where id = $1`, [paymentId])).rows[0]!;
}
