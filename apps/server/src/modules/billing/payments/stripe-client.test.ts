import { priceIn } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { cardExpired } from './billing-account.ts';
import { cardFailureKey, stripeAmount } from './stripe-client.ts';

describe('amounts as Stripe reads them', () => {
  it('sends minor units as they are, zero-decimal currencies included', () => {
    expect(stripeAmount(priceIn(900, 'USD'), 'USD')).toBe(900);
    expect(stripeAmount(priceIn(900, 'JPY'), 'JPY')).toBe(1350);
    expect(stripeAmount(priceIn(900, 'KRW'), 'KRW')).toBe(12_150);
  });
  it('sends IDR with the two decimals Stripe expects', () => {
    expect(priceIn(900, 'IDR')).toBe(142_200);
    expect(stripeAmount(142_200, 'IDR')).toBe(14_220_000);
  });
});

describe('card failures and expiry', () => {
  it('maps the provider codes to their messages', () => {
    expect(cardFailureKey({ code: 'card_declined', decline_code: 'generic_decline' })).toBe('errors.billing.declined');
    expect(cardFailureKey({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('errors.billing.insufficientFunds');
    expect(cardFailureKey({ code: 'expired_card' })).toBe('errors.billing.cardExpired');
    expect(cardFailureKey({ code: 'authentication_required' })).toBe('errors.billing.authenticationFailed');
  });
  it('counts a card valid through the end of its month', () => {
    expect(cardExpired(2, 2028, new Date('2028-02-29T23:59:59Z'))).toBe(false);
    expect(cardExpired(2, 2028, new Date('2028-03-01T00:00:00Z'))).toBe(true);
    expect(cardExpired(12, 2027, new Date('2027-12-31T12:00:00Z'))).toBe(false);
    expect(cardExpired(12, 2027, new Date('2028-01-01T00:00:00Z'))).toBe(true);
  });
});
