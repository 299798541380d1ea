import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header Stripe puts on a webhook: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" keyed by the endpoint's signing secret>` — what
 * `stripe.webhooks.constructEvent(rawBody, header, secret)` verifies.
 */
export function signWebhook(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
