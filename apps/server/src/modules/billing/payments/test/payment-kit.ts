import { api } from '@storecast/contract';
import type { AddressInfo } from 'node:net';
import { CARD_OK, type FakeStripe, signWebhook, startFakeStripe } from '../../../../test/fake-stripe/start-fake-stripe.ts';
import { signUp } from '../../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../../test/start-test-app.ts';
import { WEBHOOK_PATH } from '../stripe-webhook.ts';

export interface PaymentsKit {
  t: TestApp;
  fake: FakeStripe;
  webhookUrl: string;
  close(): Promise<void>;
}

/**
 * The app with payments pointed at the fake Stripe, listening on loopback so the fake can
 * deliver its signed webhooks (turned on with `deliverWebhooks`). The time-out tests pass a short
 * client time-out of their own; the others keep one a loaded machine does not reach (fifty
 * purchases at once on PGlite took longer than 1.5 s each there).
 */
export async function startPayments(opts: { deliverWebhooks?: boolean; timeoutMs?: number } = {}): Promise<PaymentsKit> {
  const fake = await startFakeStripe();
  const t = await startTestApp({ stripe: { ...fake.config, timeoutMs: opts.timeoutMs ?? 30_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  if (opts.deliverWebhooks !== false) fake.setWebhookUrl(webhookUrl);
  return {
    t, fake, webhookUrl,
    close: async () => {
      await fake.waitForDeliveries();
      await t.close();
      await fake.close();
    },
  };
}

/** Saves a card the way the admin does: setup intent, the card form (the fake's Stripe.js call), set-payment-method. */
export async function saveCard(k: PaymentsKit, token: string, card = CARD_OK, exp: { exp_month?: number; exp_year?: number } = {}) {
  const setup = await k.t.call(api.billing.getSetupIntent, { token });
  if (setup.body.code !== 100) throw new Error(`get-setup-intent failed: ${setup.body.msg}`);
  const setupIntentId = setup.body.data.client_secret.split('_secret_')[0]!;
  const confirmed = await k.fake.confirmCardSetupDirect(setupIntentId, card, exp);
  if (confirmed.error) throw new Error(`card setup failed: ${confirmed.error.message}`);
  if (confirmed.setupIntent.status === 'requires_action') k.fake.completeThreeDS(setupIntentId, true);
  const saved = await k.t.call(api.billing.setPaymentMethod, { token, body: { setup_intent_id: setupIntentId } });
  if (saved.body.code !== 100) throw new Error(`set-payment-method failed: ${saved.body.msg}`);
  return { setupIntentId, card: saved.body.data };
}

/** A store whose owner has saved `card`. */
export async function ownerWithCard(k: PaymentsKit, card = CARD_OK) {
  const owner = await signUp(k.t);
  await saveCard(k, owner.token, card);
  return owner;
}

/** Posts a raw body to the webhook as Stripe would, signed with the configured secret unless `signature` is given. */
export async function postWebhook(t: TestApp, rawBody: string, signature?: string) {
  const secret = t.deps.config.stripe!.webhookSecret;
  const res = await t.app.inject({
    method: 'POST', url: WEBHOOK_PATH, payload: rawBody,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signWebhook(rawBody, secret) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}

export interface PackRow {
  id: string; offer_id: string | null; payment_id: string | null; total: number; remaining: number; waiting: number;
  renewed_at: Date | null; auto_renew: boolean;
}

/** The store's bought packs and the sum of each pack's ledger rows by kind. */
export async function readLedger(t: TestApp, shopId: string) {
  const packs = (await t.deps.dbh.query<PackRow>(
    `select id, offer_id, payment_id, total, remaining, waiting, renewed_at, auto_renew from send_packages
     where shop_id = $1 and kind = 'purchase' order by created_at`,
    [shopId],
  )).rows;
  const logs = (await t.deps.dbh.query<{ package_id: string; kind: string; amount: number }>(
    `select package_id, kind, sum(amount)::int as amount from send_package_logs where shop_id = $1 group by package_id, kind`,
    [shopId],
  )).rows;
  const sum = (packageId: string, kinds: string[]) =>
    logs.filter((l) => l.package_id === packageId && kinds.includes(l.kind)).reduce((a, l) => a + l.amount, 0);
  return { packs, sum };
}

export async function readPaymentRow(t: TestApp, paymentId: string) {
  return (await t.deps.dbh.query<{ status: string; failure_key: string | null; intent_id: string | null; amount_minor: number }>(
    `select status, failure_key, intent_id, amount_minor from payments where id = $1`, [paymentId],
  )).rows[0];
}
