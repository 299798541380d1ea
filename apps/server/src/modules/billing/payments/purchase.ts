import { isUuid, type Locale, PACK_OFFERS, type PaymentResult, priceIn, translateError } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { requireUsableCard } from './billing-account.ts';
import { applyIntent, chargePayment, confirmPayment } from './charge-payment.ts';
import { quoteMembershipUpgrade } from '../offers/quote-upgrade.ts';
import { membershipPrice, type MembershipTarget, readTerm } from './read-term.ts';
import { PAYMENT_COLUMNS, type PaymentRow } from './settle-payment.ts';
import { requireStripe, stripeErrorType } from './stripe-client.ts';

/**
 * A payment as the admin reads it. A refused card is an answer, not an error: status failed
 * with the reason in the caller's language (the admin shows `message`).
 */
export function paymentResult(p: PaymentRow, locale: Locale): PaymentResult {
  return {
    payment_id: p.id,
    status: p.status,
    client_secret: p.status === 'requires_action' ? p.clientSecret ?? '' : '',
    message: p.status === 'failed' ? translateError(locale, p.failureKey ?? 'errors.billing.declined') : '',
  };
}

interface Buyer { scope: ShopScope; userId: string; locale: Locale }

/** Refusals every purchase gives before anything is recorded: not configured, no card, card expired. */
async function prepare(deps: Deps, scope: ShopScope) {
  const { stripe } = requireStripe(deps);
  const card = await requireUsableCard(deps.dbh, scope.shopId);
  return { stripe, card };
}

export async function purchasePack(deps: Deps, buyer: Buyer, body: { offer_id: string; is_auto_renew: boolean }) {
  const { stripe, card } = await prepare(deps, buyer.scope);
  const offer = PACK_OFFERS.find((o) => o.id === body.offer_id);
  if (!offer) throw new AppError('errors.billing.offerUnknown', 400);
  const { currency } = await readTerm(deps, buyer.scope.shopId);
  const payment = await chargePayment(deps, stripe, {
    shopId: buyer.scope.shopId, userId: buyer.userId, ...card, currency,
    amountMinor: priceIn(offer.usdCents, currency),
    item: { kind: 'pack', offerId: offer.id, quantity: offer.quantity, validityDays: offer.validityDays, autoRenew: body.is_auto_renew },
  });
  return paymentResult(payment, buyer.locale);
}

/** A membership term, only when none is running (a running one is upgraded instead). */
export async function purchaseVip(deps: Deps, buyer: Buyer, body: MembershipTarget & { is_auto_renew: boolean }) {
  const { stripe, card } = await prepare(deps, buyer.scope);
  const term = await readTerm(deps, buyer.scope.shopId);
  if (term.level > 0 && term.end && term.end.getTime() > Date.now()) throw new AppError('errors.billing.alreadyMember', 409);
  const payment = await chargePayment(deps, stripe, {
    shopId: buyer.scope.shopId, userId: buyer.userId, ...card, currency: term.currency,
    amountMinor: membershipPrice(body, term.currency),
    item: { kind: 'membership', level: body.level, months: body.months, autoRenew: body.is_auto_renew },
  });
  return paymentResult(payment, buyer.locale);
}

/** Upgrades the running term at the price the quote route shows now (one quote function for both). */
export async function upgradeVip(deps: Deps, buyer: Buyer, body: MembershipTarget) {
  const { stripe, card } = await prepare(deps, buyer.scope);
  const quote = await quoteMembershipUpgrade(deps.dbh, buyer.scope.shopId, body as Parameters<typeof quoteMembershipUpgrade>[2]);
  const payment = await chargePayment(deps, stripe, {
    shopId: buyer.scope.shopId, userId: buyer.userId, ...card, currency: quote.currency, amountMinor: quote.price,
    item: { kind: 'upgrade', level: body.level, months: body.months },
  });
  return paymentResult(payment, buyer.locale);
}

/**
 * Where a payment stands. One not settled yet is asked of the provider (after 3-D Secure the
 * admin polls here); one whose first answer never came is confirmed again with its own key,
 * which finds the intent Stripe may have made instead of charging again.
 */
export async function readPaymentStatus(deps: Deps, scope: ShopScope, locale: Locale, paymentId: string) {
  const notFound = new AppError('errors.billing.paymentNotFound', 404);
  if (!isUuid(paymentId)) throw notFound;
  const found = await deps.dbh.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where id = $1 and shop_id = $2`, [paymentId, scope.shopId]);
  let payment = found.rows[0];
  if (!payment) throw notFound;
  if ((payment.status === 'pending' || payment.status === 'requires_action') && deps.config.stripe) {
    const { stripe } = requireStripe(deps);
    try {
      if (payment.intentId) {
        payment = await applyIntent(deps, payment.id, await stripe.paymentIntents.retrieve(payment.intentId));
      } else {
        const card = await requireUsableCard(deps.dbh, scope.shopId);
        payment = await confirmPayment(deps, stripe, payment, { ...card, shopId: scope.shopId });
      }
    } catch (err) {
      // Still unknown: the admin keeps polling; the webhook settles it meanwhile.
      if (!(err instanceof AppError) && !stripeErrorType(err)) throw err;
    }
  }
  return paymentResult(payment, locale);
}
