import type { ShopScope } from '@storecast/db';
import type Stripe from 'stripe';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { cardExpired, ensureCustomer, readBillingAccount } from './billing-account.ts';
import { isProviderDown, requireStripe } from './stripe-client.ts';

/** Card calls that fail on the provider's side answer providerUnavailable, never a 5xx. */
async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isProviderDown(err)) throw new AppError('errors.billing.providerUnavailable', 409);
    throw err;
  }
}

/**
 * Starts saving a card: a SetupIntent for the store's customer, confirmed in the browser by the
 * provider's own card form, so the card number never reaches this server.
 */
export async function startCardSetup(deps: Deps, scope: ShopScope) {
  const { stripe, config } = requireStripe(deps);
  const intent = await atProvider(async () => {
    const customer = await ensureCustomer(deps, stripe, scope.shopId);
    return stripe.setupIntents.create({ customer, usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' } });
  });
  return { client_secret: intent.client_secret ?? '', publishable_key: config.publishableKey, js_url: config.jsUrl };
}

/**
 * Keeps the card of a finished SetupIntent as the store card. The intent must have succeeded
 * and belong to this store's customer: an id of another store's setup is refused the same way
 * as an unfinished one.
 */
export async function keepSetupCard(deps: Deps, scope: ShopScope, setupIntentId: string) {
  const { stripe } = requireStripe(deps);
  const account = await readBillingAccount(deps.dbh, scope.shopId);
  const refused = new AppError('errors.billing.setupNotFinished', 409);
  if (!account || !/^seti_[A-Za-z0-9_]+$/.test(setupIntentId)) throw refused;
  const intent = await atProvider(() => stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] })).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw refused; // unknown id at the provider
  });
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (intent.status !== 'succeeded' || customer !== account.customerId || !intent.payment_method) throw refused;
  const method: Stripe.PaymentMethod = typeof intent.payment_method === 'string'
    ? await atProvider(() => stripe.paymentMethods.retrieve(intent.payment_method as string))
    : intent.payment_method;
  await atProvider(() => stripe.customers.update(account.customerId, { invoice_settings: { default_payment_method: method.id } }));
  const card = method.card;
  const row = {
    brand: card?.brand ?? '', last4: card?.last4 ?? '', expMonth: card?.exp_month ?? 0, expYear: card?.exp_year ?? 0,
  };
  await deps.dbh.query(
    `update billing_accounts set payment_method_id = $2, card_brand = $3, card_last4 = $4, card_exp_month = $5,
       card_exp_year = $6, expiry_warned_at = null, updated_at = now() where shop_id = $1`,
    [scope.shopId, method.id, row.brand, row.last4, row.expMonth, row.expYear],
  );
  return { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear, expired: cardExpired(row.expMonth, row.expYear) };
}

/** The saved card as the admin shows it, or null. */
export async function readSavedCard(deps: Deps, scope: ShopScope) {
  requireStripe(deps);
  const account = await readBillingAccount(deps.dbh, scope.shopId);
  if (!account?.paymentMethodId) return null;
  const expMonth = account.expMonth ?? 0;
  const expYear = account.expYear ?? 0;
  return {
    brand: account.brand ?? '', last4: account.last4 ?? '', exp_month: expMonth, exp_year: expYear,
    expired: cardExpired(expMonth, expYear),
  };
}
