import { isUuid, ResultCode } from '@storecast/contract';
import type { RawConnection } from '@storecast/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Deps } from '../../../deps.ts';
import { signedWebhookRoute } from '../../../http/signed-webhook-route.ts';
import { mailOwner } from './mail-owner.ts';
import { markFailedIn, paidBy, settlePaymentIn } from './settle-payment.ts';
import { cardFailureKey, stripeClient } from './stripe-client.ts';

export const WEBHOOK_PATH = '/api/payments/stripe-webhook';
/** Stripe's events are a few kilobytes; anything far larger is not from it. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The provider's webhook, outside the contract: public, signed instead of signed-in. It reads
 * the body as raw bytes (the signature covers them exactly), verifies it, and handles each event
 * id once: the event is recorded in payment_events in the same transaction that acts on it, so
 * a second delivery finds it and does nothing, and a failure leaves no record and is retried.
 */
export function stripeWebhookRoutes(app: FastifyInstance, deps: Deps) {
  signedWebhookRoute(app, WEBHOOK_PATH, WEBHOOK_BODY_LIMIT, async (req, raw, answer) => {
    const config = deps.config.stripe;
    if (!config) return answer(409, ResultCode.FAILED, 'errors.billing.notConfigured');
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || signature.length > 2048) throw new Error('no signature');
      event = stripeClient(config).webhooks.constructEvent(raw, signature, config.webhookSecret);
    } catch {
      return answer(400, ResultCode.INVALID, 'errors.common.invalid');
    }
    await handleEvent(deps, event, req.log);
    return answer(200, ResultCode.OK, '');
  });
}

async function handleEvent(deps: Deps, event: Stripe.Event, log: FastifyBaseLogger) {
  let afterCommit: (() => Promise<unknown>) | null = null;
  await deps.dbh.transaction(async (c) => {
    const fresh = await c.query(`insert into payment_events (id, type) values ($1, $2) on conflict (id) do nothing returning id`, [event.id, event.type]);
    if (fresh.rows.length === 0) return;
    afterCommit = await applyEvent(deps, c, event);
  });
  // Mail leaves once the event is recorded; a lost mail is better than one sent per delivery.
  const send = afterCommit as (() => Promise<unknown>) | null;
  if (send) await send().catch((err: unknown) => log.error({ err }, 'billing mail not sent'));
}

/** Acts on one event inside its transaction; returns what to do after the commit, if anything. */
async function applyEvent(deps: Deps, c: RawConnection, event: Stripe.Event): Promise<(() => Promise<unknown>) | null> {
  if (event.type === 'payment_intent.succeeded') {
    const paymentId = await findPayment(c, event.data.object);
    if (paymentId) await settlePaymentIn(c, paymentId, paidBy(event.data.object));
    return null;
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const paymentId = await findPayment(c, intent);
    if (!paymentId) return null;
    const key = intent.last_payment_error ? cardFailureKey(intent.last_payment_error) : 'errors.billing.declined';
    await markFailedIn(c, paymentId, key, intent.id);
    return null;
  }
  if (event.type === 'customer.source.expiring') return warnCardExpiring(deps, c, event.data.object as Stripe.Card);
  return null;
}

/** Our payment of an intent: its metadata names it (the webhook may come before the answer stored the intent id). */
async function findPayment(c: RawConnection, intent: Stripe.PaymentIntent): Promise<string | null> {
  const named = intent.metadata?.payment_id ?? '';
  const { rows } = isUuid(named)
    ? await c.query<{ id: string }>(`select id from payments where id = $1 or intent_id = $2 limit 1`, [named, intent.id])
    : await c.query<{ id: string }>(`select id from payments where intent_id = $1`, [intent.id]);
  return rows[0]?.id ?? null;
}

/** Tells the owner once that the saved card expires soon (until a new card is saved). */
async function warnCardExpiring(deps: Deps, c: RawConnection, card: Stripe.Card) {
  const customer = typeof card.customer === 'string' ? card.customer : card.customer?.id;
  if (!customer) return null;
  const { rows } = await c.query<{ shop_id: string; card_brand: string | null; card_last4: string | null }>(
    `update billing_accounts set expiry_warned_at = now() where customer_id = $1 and expiry_warned_at is null
     returning shop_id, card_brand, card_last4`,
    [customer],
  );
  const account = rows[0];
  if (!account) return null;
  return () => mailOwner(deps, account.shop_id, {
    kind: 'billing-card-expiring',
    subject: 'notices.billing.mail.cardExpiringSubject',
    lines: ['notices.billing.mail.cardExpiringBody'],
    params: () => ({
      brand: card.brand ?? account.card_brand ?? '', last4: card.last4 ?? account.card_last4 ?? '',
      month: card.exp_month, year: card.exp_year,
    }),
  });
}
