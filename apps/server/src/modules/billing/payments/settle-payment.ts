import { membershipUsdCents, type MembershipTerm, priceIn, addMonths } from '@storecast/contract';
import type { PaymentItem, RawConnection } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { stripeAmount } from './stripe-client.ts';

export interface PaymentRow {
  id: string;
  shopId: string;
  item: PaymentItem;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  intentId: string | null;
  clientSecret: string | null;
  failureKey: string | null;
  idempotencyKey: string;
}

export const PAYMENT_COLUMNS = `id, shop_id as "shopId", item, amount_minor as "amountMinor", currency, status,
  intent_id as "intentId", client_secret as "clientSecret", failure_key as "failureKey",
  idempotency_key as "idempotencyKey"`;

const DAY_MS = 86_400_000;

/** What the provider says it took for a payment: the intent's amount in its minor units, and its currency. */
export interface ProviderPaid {
  intentId: string;
  amount: number;
  currency: string;
}

/** The part of a PaymentIntent settling reads; the received amount when the provider reports one. */
export const paidBy = (intent: { id: string; amount: number; amount_received?: number; currency: string }): ProviderPaid => ({
  intentId: intent.id, amount: intent.amount_received || intent.amount, currency: intent.currency,
});

/**
 * Marks a payment succeeded and credits what it bought, in the caller's transaction. The update
 * guarded by the old status lets exactly one caller through (the synchronous answer, the
 * webhook, payment-status or a renewal, whichever comes first; a concurrent one waits for the
 * row lock and then finds it settled), and only that caller credits and issues the invoice.
 * An intent that took less than the payment's price, or another currency, settles nothing and
 * fails the payment with `amountMismatch`, kept on its row for whoever looks into it: an intent
 * made elsewhere on the same Stripe account naming our payment in its metadata must not buy
 * volume for a cent.
 * Returns whether this call settled it.
 */
export async function settlePaymentIn(c: RawConnection, paymentId: string, paid: ProviderPaid): Promise<boolean> {
  const price = await c.query<{ amount_minor: number; currency: string }>('select amount_minor, currency from payments where id = $1', [paymentId]);
  const owed = price.rows[0];
  if (!owed || paid.currency.toUpperCase() !== owed.currency.toUpperCase() || paid.amount < stripeAmount(owed.amount_minor, owed.currency)) {
    await markFailedIn(c, paymentId, 'errors.billing.amountMismatch', paid.intentId);
    return false;
  }
  const { rows } = await c.query<PaymentRow>(
    `update payments set status = 'succeeded', settled_at = now(), failure_key = null,
       intent_id = coalesce(intent_id, $2)
     where id = $1 and status <> 'succeeded' returning ${PAYMENT_COLUMNS}`,
    [paymentId, paid.intentId],
  );
  const payment = rows[0];
  if (!payment) return false;
  await credit(c, payment);
  await issueInvoice(c, payment);
  return true;
}

/** A payment that will not succeed; never one that already did (events can come in any order). */
export async function markFailedIn(c: Pick<RawConnection, 'query'>, paymentId: string, failureKey: string, intentId: string | null) {
  await c.query(
    `update payments set status = 'failed', failure_key = $2, intent_id = coalesce(intent_id, $3)
     where id = $1 and status <> 'succeeded'`,
    [paymentId, failureKey, intentId],
  );
}

/** `settlePaymentIn` in its own transaction. */
export function settlePayment(deps: Deps, paymentId: string, paid: ProviderPaid): Promise<boolean> {
  return deps.dbh.transaction((c) => settlePaymentIn(c, paymentId, paid));
}

async function credit(c: RawConnection, p: PaymentRow) {
  const item = p.item;
  if (item.kind === 'pack') {
    const { rows } = await c.query<{ id: string }>(
      `insert into send_packages (shop_id, name, kind, total, remaining, expires_at, offer_id, payment_id, auto_renew)
       values ($1, $2, 'purchase', $3, $3, $4, $2, $5, $6) returning id`,
      [p.shopId, item.offerId, item.quantity, new Date(Date.now() + item.validityDays * DAY_MS), p.id, item.autoRenew],
    );
    await c.query(
      `insert into send_package_logs (shop_id, package_id, kind, amount) values ($1, $2, 'recharge', $3)`,
      [p.shopId, rows[0]!.id, item.quantity],
    );
    // A renewal: the old pack is renewed once, and its auto-renewal moves to the new pack.
    if (item.renewsPackageId) {
      await c.query(`update send_packages set renewed_at = now() where id = $1 and shop_id = $2`, [item.renewsPackageId, p.shopId]);
    }
    return;
  }
  const { rows } = await c.query<{ end_at: Date | null }>(
    `select end_at from vip_services where shop_id = $1 for update`,
    [p.shopId],
  );
  const now = new Date();
  const oldEnd = rows[0]?.end_at ? new Date(rows[0].end_at) : null;
  if (item.kind === 'membership') {
    // A renewal continues from the running term's end, and so does a purchase that met a running
    // term (two purchases paid at the same moment: the second one's months are added, not lost);
    // a purchase otherwise starts now.
    const begin = oldEnd && oldEnd > now ? oldEnd : now;
    await writeTerm(c, p.shopId, {
      level: item.level, months: item.months, begin, end: addMonths(begin, item.months),
      paid: p.amountMinor, currency: p.currency, autoRenew: item.autoRenew,
    });
    return;
  }
  // An upgrade starts a new term now; what it is worth for a later upgrade is the list price of
  // that term, not the prorated amount paid.
  const cost = priceIn(membershipUsdCents(item.level as 1 | 2 | 3, item.months as MembershipTerm), p.currency);
  await writeTerm(c, p.shopId, {
    level: item.level, months: item.months, begin: now, end: addMonths(now, item.months), paid: cost, currency: p.currency,
  });
}

interface Term { level: number; months: number; begin: Date; end: Date; paid: number; currency: string; autoRenew?: boolean }

async function writeTerm(c: RawConnection, shopId: string, t: Term) {
  await c.query(
    `insert into vip_services (shop_id, level, months, begin_at, end_at, paid_minor, currency, auto_renew)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, false))
     on conflict (shop_id) do update set level = excluded.level, months = excluded.months, begin_at = excluded.begin_at,
       end_at = excluded.end_at, paid_minor = excluded.paid_minor, currency = excluded.currency,
       auto_renew = coalesce($8, vip_services.auto_renew), renew_attempts = 0, renew_attempted_at = null,
       expiry_notified_at = null`,
    [shopId, t.level, t.months, t.begin, t.end, t.paid, t.currency, t.autoRenew ?? null],
  );
}
