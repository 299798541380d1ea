import { formatMoney, PACK_OFFERS, priceIn, translateError } from '@storecast/contract';
import type { PaymentItem } from '@storecast/db';
import type Stripe from 'stripe';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { requireUsableCard } from './billing-account.ts';
import { chargePayment } from './charge-payment.ts';
import { describeItem } from '../invoices/describe-item.ts';
import { mailOwner } from './mail-owner.ts';
import { membershipPrice, readTerm } from './read-term.ts';
import { stripeClient } from './stripe-client.ts';

/** Renew this long before the end, retry a failed renewal after a day, give up after this many. */
export const RENEW_AHEAD_MS = 3 * 86_400_000;
export const RENEW_RETRY_MS = 86_400_000;
export const RENEW_MAX_ATTEMPTS = 3;

interface Candidate { table: 'send_packages' | 'vip_services'; id: string; shopId: string; attempts: number }

/**
 * One pass of auto-renewal at `now`: every pack and membership term that renews automatically
 * and ends within three days is charged off-session with the saved card. Each is first claimed
 * (renew_attempted_at set by a guarded update), so two workers never charge the same thing,
 * and each attempt has its own deterministic idempotency key, so a pass that dies mid-charge
 * and is retried charges once. Returns how many renewals were paid.
 */
export async function runRenewals(deps: Deps, now = new Date()): Promise<number> {
  if (!deps.config.stripe) return 0;
  const stripe = stripeClient(deps.config.stripe);
  const soon = new Date(now.getTime() + RENEW_AHEAD_MS);
  const retryBefore = new Date(now.getTime() - RENEW_RETRY_MS);
  const { rows } = await deps.dbh.query<Candidate>(
    `select 'send_packages' as "table", id, shop_id as "shopId", renew_attempts as attempts from send_packages
       where auto_renew and renewed_at is null and expired_at is null and offer_id is not null
         and expires_at > $3 and expires_at <= $1 and renew_attempts < $4
         and (renew_attempted_at is null or renew_attempted_at <= $2)
     union all
     select 'vip_services', id, shop_id, renew_attempts from vip_services
       where auto_renew and level > 0 and end_at > $3 and end_at <= $1 and renew_attempts < $4
         and (renew_attempted_at is null or renew_attempted_at <= $2)`,
    [soon, retryBefore, now, RENEW_MAX_ATTEMPTS],
  );
  let paid = 0;
  for (const candidate of rows) {
    if (await renewOne(deps, stripe, candidate, now, retryBefore)) paid += 1;
  }
  return paid;
}

async function renewOne(deps: Deps, stripe: Stripe, cand: Candidate, now: Date, retryBefore: Date): Promise<boolean> {
  // Claim: only one pass (of any worker) gets the row for this attempt.
  const claimed = await deps.dbh.query<{ id: string }>(
    `update ${cand.table} set renew_attempted_at = $2 where id = $1 and renew_attempts = $3
       and (renew_attempted_at is null or renew_attempted_at <= $4) returning id`,
    [cand.id, now, cand.attempts, retryBefore],
  );
  if (claimed.rows.length === 0) return false;
  const charge = await renewalCharge(deps, cand);
  if (!charge) return false;
  let failureKey: string;
  try {
    const card = await requireUsableCard(deps.dbh, cand.shopId, now);
    // An earlier attempt whose outcome never came is asked again with its own key, never
    // charged anew: the provider may have taken it.
    const open = await deps.dbh.query<{ idempotency_key: string }>(
      `select idempotency_key from payments where shop_id = $1 and idempotency_key like $2 and status in ('pending', 'requires_action')
       order by created_at desc limit 1`,
      [cand.shopId, `${charge.keyBase}:%`],
    );
    const payment = await chargePayment(deps, stripe, {
      shopId: cand.shopId, ...card, ...charge, offSession: true, userId: null,
      idempotencyKey: open.rows[0]?.idempotency_key ?? `${charge.keyBase}:${cand.attempts + 1}`,
    });
    if (payment.status === 'succeeded') return true;
    failureKey = payment.status === 'failed' ? payment.failureKey ?? 'errors.billing.declined' : 'errors.billing.authenticationFailed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    failureKey = err.key;
  }
  const attempts = cand.attempts + 1;
  await deps.dbh.query(`update ${cand.table} set renew_attempts = $2 where id = $1`, [cand.id, attempts]);
  await mailOwner(deps, cand.shopId, {
    kind: 'billing-renew-failed',
    subject: 'notices.billing.mail.renewFailedSubject',
    lines: ['notices.billing.mail.renewFailedBody', attempts < RENEW_MAX_ATTEMPTS ? 'notices.billing.mail.renewRetry' : 'notices.billing.mail.renewGaveUp'],
    params: (locale) => ({
      item: describeItem(locale, charge.item), amount: formatMoney(charge.amountMinor, charge.currency),
      reason: translateError(locale, failureKey), attempt: attempts, max: RENEW_MAX_ATTEMPTS,
    }),
  });
  return false;
}

/** What renewing a candidate charges, at today's prices in the store's currency. */
async function renewalCharge(deps: Deps, cand: Candidate) {
  const { currency, level, months, end } = await readTerm(deps, cand.shopId);
  if (cand.table === 'vip_services') {
    if (level < 1 || (months !== 1 && months !== 12) || !end) return null;
    const item: PaymentItem = { kind: 'membership', level, months, autoRenew: true, renewal: true };
    return { item, currency, amountMinor: membershipPrice({ level, months }, currency), keyBase: `renew:vip:${cand.shopId}:${end.toISOString()}` };
  }
  const { rows } = await deps.dbh.query<{ offer_id: string | null }>(`select offer_id from send_packages where id = $1`, [cand.id]);
  const offer = PACK_OFFERS.find((o) => o.id === rows[0]?.offer_id);
  if (!offer) return null;
  const item: PaymentItem = {
    kind: 'pack', offerId: offer.id, quantity: offer.quantity, validityDays: offer.validityDays, autoRenew: true, renewsPackageId: cand.id,
  };
  return { item, currency, amountMinor: priceIn(offer.usdCents, currency), keyBase: `renew:pack:${cand.id}` };
}
