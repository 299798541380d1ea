import { getOr404, fingerprintOf, newId, nowSeconds, type FakeStripeStore, type StripeObject } from './fake-stripe-store.ts';
import type { FormObject, FormValue } from './parse-form.ts';
import { cardError, invalidRequest, missingParam } from './stripe-error.ts';
import { cardBehaviour, cardBrand, DECLINES, luhnValid, TEST_PAYMENT_METHODS } from './test-cards.ts';

const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);

/**
 * A card PaymentMethod from `card[number|exp_month|exp_year|cvc]` (what Stripe.js sends from
 * the browser), checked the way Stripe checks it: 402 card_error invalid_number /
 * invalid_expiry_month / invalid_expiry_year / invalid_cvc.
 */
export function createCardPaymentMethod(store: FakeStripeStore, card: FormObject | undefined, param = 'card'): StripeObject {
  if (!card) throw missingParam(param);
  const number = (str(card.number) ?? '').replace(/\s+/g, '');
  if (!number) throw missingParam(`${param}[number]`);
  if (!luhnValid(number)) {
    throw cardError({ code: 'invalid_number', message: 'Your card number is not a valid credit card number.', param: `${param}[number]` });
  }
  const expMonth = Number(str(card.exp_month));
  let expYear = Number(str(card.exp_year));
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    throw cardError({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: `${param}[exp_month]` });
  }
  if (Number.isInteger(expYear) && expYear < 100) expYear += 2000;
  const now = new Date();
  const currentYear = now.getUTCFullYear();
  if (
    !Number.isInteger(expYear) ||
    expYear > currentYear + 50 ||
    expYear < currentYear ||
    (expYear === currentYear && expMonth < now.getUTCMonth() + 1)
  ) {
    throw cardError({ code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: `${param}[exp_year]` });
  }
  const cvc = str(card.cvc);
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError({ code: 'invalid_cvc', message: "Your card's security code is invalid.", param: `${param}[cvc]` });
  }
  return storeCard(store, number, expMonth, expYear, cvc !== undefined);
}

function storeCard(store: FakeStripeStore, number: string, expMonth: number, expYear: number, cvcGiven: boolean): StripeObject {
  const brand = cardBrand(number);
  const pm: StripeObject = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcGiven ? 'pass' : null },
      country: 'US',
      display_brand: brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: fingerprintOf(number),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  store.paymentMethods.set(pm.id, pm);
  store.cardNumbers.set(pm.id, number);
  return pm;
}

/** A PaymentMethod by id; Stripe's test ids (`pm_card_visa`, …) make a fresh card each time. */
export function resolvePaymentMethod(store: FakeStripeStore, id: string, param = 'payment_method'): StripeObject {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) return storeCard(store, testNumber, 12, new Date().getUTCFullYear() + 3, true);
  return getOr404(store.paymentMethods, id, param, 'PaymentMethod');
}

/** The PaymentMethod a confirm names: `payment_method` or `payment_method_data[type]=card&…[card][…]`. */
export function paymentMethodOfConfirm(store: FakeStripeStore, form: FormObject): StripeObject | undefined {
  const id = str(form.payment_method);
  if (id) return resolvePaymentMethod(store, id);
  const data = form.payment_method_data;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    if (str(data.type) !== 'card') throw invalidRequest('Invalid payment_method_data[type]: must be card.', 'payment_method_data[type]');
    const card = data.card;
    return createCardPaymentMethod(store, card && typeof card === 'object' && !Array.isArray(card) ? card : undefined, 'payment_method_data[card]');
  }
  return undefined;
}

/** The decline a card gives when it is verified (setup / attach); undefined = it passes. */
export function setupDecline(store: FakeStripeStore, pm: StripeObject) {
  const b = cardBehaviour(store.cardNumbers.get(pm.id) ?? '');
  if (b === 'declined') return DECLINES.declined;
  if (b === 'expired') return DECLINES.expired;
  return undefined;
}

/** Attaches a card to a customer; cards Stripe declines at verification refuse (402). */
export function attachPaymentMethod(store: FakeStripeStore, pm: StripeObject, customerId: string): void {
  if (pm.customer === customerId) return;
  if (pm.customer) throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
  getOr404(store.customers, customerId, 'customer', 'customer');
  const decline = setupDecline(store, pm);
  if (decline) throw cardError(decline, { payment_method: pm });
  pm.customer = customerId;
}

/** Card behaviour at charge time, including an expiry date that has passed since the card was saved. */
export function chargeBehaviour(store: FakeStripeStore, pm: StripeObject) {
  const card = pm.card as { exp_month: number; exp_year: number };
  const now = new Date();
  const expired = card.exp_year < now.getUTCFullYear() || (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
  return expired ? 'expired' : cardBehaviour(store.cardNumbers.get(pm.id) ?? '');
}
