/**
 * Stripe's documented test card numbers the fake knows, and what each does. Numbers not listed
 * here that pass the Luhn check behave like 4242… (they succeed); numbers failing it are refused
 * as `incorrect_number`, as Stripe does.
 */
export const CARD_OK = '4242424242424242';
export const CARD_MASTERCARD_OK = '5555555555554444';
/** Declined on setup and on charge: card_declined / generic_decline. */
export const CARD_DECLINED = '4000000000000002';
/** Charges declined: code card_declined, decline_code insufficient_funds (Stripe's real shape). */
export const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
/** 3-D Secure on every setup and payment; off-session charges fail with authentication_required. */
export const CARD_THREE_DS = '4000002760003184';
/** Declined with code expired_card (on setup and on charge). */
export const CARD_EXPIRED = '4000000000000069';
/** Attaches (setup succeeds) but every charge is declined: card_declined / generic_decline. */
export const CARD_ATTACH_THEN_DECLINE = '4000000000000341';

export type CardBehaviour = 'ok' | 'declined' | 'insufficientFunds' | 'threeDS' | 'expired' | 'attachThenDecline';

const BEHAVIOURS: Record<string, CardBehaviour> = {
  [CARD_DECLINED]: 'declined',
  [CARD_INSUFFICIENT_FUNDS]: 'insufficientFunds',
  [CARD_THREE_DS]: 'threeDS',
  [CARD_EXPIRED]: 'expired',
  [CARD_ATTACH_THEN_DECLINE]: 'attachThenDecline',
};

export const cardBehaviour = (number: string): CardBehaviour => BEHAVIOURS[number] ?? 'ok';

/** Stripe's test PaymentMethod ids (`payment_method: 'pm_card_visa'`), each a fresh card. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: CARD_OK,
  pm_card_mastercard: CARD_MASTERCARD_OK,
  pm_card_chargeDeclined: CARD_DECLINED,
  pm_card_chargeDeclinedInsufficientFunds: CARD_INSUFFICIENT_FUNDS,
  pm_card_chargeDeclinedExpiredCard: CARD_EXPIRED,
  pm_card_authenticationRequired: CARD_THREE_DS,
  pm_card_chargeCustomerFail: CARD_ATTACH_THEN_DECLINE,
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** What Stripe answers for a charge (or a setup) on a card of this behaviour. */
export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

export const DECLINES = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  authenticationRequired: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
} satisfies Record<string, CardDecline>;
