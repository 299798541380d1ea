import type { RawConnection } from '@storecast/db';
import type Stripe from 'stripe';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';

export interface BillingAccount {
  customerId: string;
  paymentMethodId: string | null;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

type Query = Pick<RawConnection, 'query'>;

export async function readBillingAccount(db: Query, shopId: string): Promise<BillingAccount | null> {
  const { rows } = await db.query<BillingAccount>(
    `select customer_id as "customerId", payment_method_id as "paymentMethodId", card_brand as brand,
       card_last4 as last4, card_exp_month as "expMonth", card_exp_year as "expYear"
     from billing_accounts where shop_id = $1`,
    [shopId],
  );
  return rows[0] ?? null;
}

/**
 * The store's customer at the provider, created on first need. The idempotency key makes two
 * concurrent first calls create one customer; the insert keeps whichever id came first.
 */
export async function ensureCustomer(deps: Deps, stripe: Stripe, shopId: string): Promise<string> {
  const known = await readBillingAccount(deps.dbh, shopId);
  if (known) return known.customerId;
  const customer = await stripe.customers.create({ metadata: { shop_id: shopId } }, { idempotencyKey: `customer:${shopId}` });
  const { rows } = await deps.dbh.query<{ customer_id: string }>(
    `insert into billing_accounts (shop_id, customer_id) values ($1, $2)
     on conflict (shop_id) do update set shop_id = excluded.shop_id returning customer_id`,
    [shopId, customer.id],
  );
  return rows[0]!.customer_id;
}

/** The end of the card's expiry month has passed (cards are valid through their month). */
export function cardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  return Date.UTC(expYear, expMonth, 1) <= now.getTime();
}

/** The saved card a charge uses, or the refusal a purchase gives without one. */
export async function requireUsableCard(db: Query, shopId: string, now = new Date()) {
  const account = await readBillingAccount(db, shopId);
  if (!account?.paymentMethodId) throw new AppError('errors.billing.noCard', 409);
  if (account.expMonth && account.expYear && cardExpired(account.expMonth, account.expYear, now)) {
    throw new AppError('errors.billing.cardExpired', 409);
  }
  return { customerId: account.customerId, paymentMethodId: account.paymentMethodId };
}
