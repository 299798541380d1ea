import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official client for the configured account, one per config. `apiBase` points it at
 * another host (the test fake); one network retry is safe because every charge carries an
 * idempotency key.
 */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    client = new Stripe(config.secretKey, {
      timeout: config.timeoutMs,
      maxNetworkRetries: 1,
      ...(base ? {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' as const : 'https' as const,
      } : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** The client, or the refusal every purchase and card route gives when payments are not configured. */
export function requireStripe(deps: Deps): { stripe: Stripe; config: StripeConfig } {
  const config = deps.config.stripe;
  if (!config) throw new AppError('errors.billing.notConfigured', 409);
  return { stripe: stripeClient(config), config };
}

/**
 * Our minor units (price-book's decimals) as the amount Stripe expects. They agree for every
 * currency we sell in, Stripe's zero-decimal JPY, KRW and CLP included, except IDR: we count
 * whole rupiah, Stripe wants it with two decimals.
 */
export function stripeAmount(minor: number, currency: string): number {
  return currency.toUpperCase() === 'IDR' ? minor * 100 : minor;
}

/** A provider error's kind ('StripeCardError', 'StripeConnectionError', ...), or '' for anything else. */
export function stripeErrorType(err: unknown): string {
  return err instanceof Stripe.errors.StripeError ? err.type : '';
}

/** The failure message key for a card error (the decline codes the design names). */
export function cardFailureKey(err: unknown): string {
  const e = err as { code?: string; decline_code?: string };
  const code = e.decline_code === 'insufficient_funds' ? 'insufficient_funds' : e.code;
  switch (code) {
    case 'insufficient_funds': return 'errors.billing.insufficientFunds';
    case 'authentication_required': return 'errors.billing.authenticationFailed';
    case 'expired_card': return 'errors.billing.cardExpired';
    default: return 'errors.billing.declined';
  }
}

/** The provider did not answer, or answered that it failed: the charge may or may not exist. */
export function isProviderDown(err: unknown): boolean {
  const type = stripeErrorType(err);
  return type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError';
}
