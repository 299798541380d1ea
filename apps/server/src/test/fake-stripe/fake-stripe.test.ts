import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CARD_ATTACH_THEN_DECLINE,
  CARD_DECLINED,
  CARD_INSUFFICIENT_FUNDS,
  CARD_OK,
  CARD_THREE_DS,
  startFakeStripe,
  type FakeStripe,
} from './start-fake-stripe.ts';

/** A webhook endpoint on loopback that keeps the raw bodies and signatures it receives. */
async function startWebhookSink() {
  const received: { raw: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      received.push({ raw, signature: String(req.headers['stripe-signature'] ?? '') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('fake Stripe, driven by the official client', () => {
  let fake: FakeStripe;
  let sink: Awaited<ReturnType<typeof startWebhookSink>>;
  let stripe: Stripe;

  beforeAll(async () => {
    // A loaded machine can take more than a second to answer; only the hung-request test wants a
    // short client time-out, and makes its own client for it.
    fake = await startFakeStripe({ timeoutMs: 30_000 });
    sink = await startWebhookSink();
    fake.setWebhookUrl(sink.url);
    stripe = new Stripe(fake.config.secretKey, { ...fake.clientOptions, timeout: fake.config.timeoutMs, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
    await sink.close();
  });

  /** A customer with a saved card, the way the admin saves one (SetupIntent confirmed by Stripe.js). */
  async function customerWithCard(number: string) {
    const customer = await stripe.customers.create({ metadata: { shop_id: 'shop-1' } }, { idempotencyKey: `customer:${number}:${Math.random()}` });
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] });
    const done = await fake.confirmCardSetupDirect(si.id, number);
    if (done.error) throw new Error(done.error.message);
    return { customer, pm: String(done.setupIntent.payment_method) };
  }

  it('saves a card through a SetupIntent confirmed with the publishable key', async () => {
    const customer = await stripe.customers.create({ email: 'owner@example.com', metadata: { shop_id: 'shop-1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ shop_id: 'shop-1' });
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] });
    expect(si).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', customer: customer.id });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));

    // The browser's confirm needs the client secret: a wrong one is refused.
    const wrong = await fetch(`${fake.url}/v1/setup_intents/${si.id}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.config.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_secret=nope&payment_method=pm_card_visa',
    });
    expect(wrong.status).toBe(400);
    // The publishable key cannot call the secret API.
    const withPk = new Stripe(fake.config.publishableKey, fake.clientOptions);
    await expect(withPk.customers.retrieve(customer.id)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const done = await fake.confirmCardSetupDirect(si.id, CARD_OK);
    expect(done.setupIntent?.status).toBe('succeeded');
    const got = await stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] });
    const pm = got.payment_method as Stripe.PaymentMethod;
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(pm.customer).toBe(customer.id);

    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    const list = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(list.data.map((p) => p.id)).toEqual([pm.id]);
    // A declined card does not attach.
    const si2 = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    const declined = await fake.confirmCardSetupDirect(si2.id, CARD_DECLINED);
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('charges: success, decline, insufficient funds, attach-then-decline', async () => {
    const ok = await customerWithCard(CARD_OK);
    const pi = await stripe.paymentIntents.create({
      amount: 1999, currency: 'usd', customer: ok.customer.id, payment_method: ok.pm, confirm: true, off_session: false,
      metadata: { payment_id: 'p1', shop_id: 's1' },
    });
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 1999, amount_received: 1999, metadata: { payment_id: 'p1' } });

    for (const [card, code, decline] of [
      [CARD_INSUFFICIENT_FUNDS, 'card_declined', 'insufficient_funds'],
      [CARD_ATTACH_THEN_DECLINE, 'card_declined', 'generic_decline'],
    ] as const) {
      const c = await customerWithCard(card);
      const err = await stripe.paymentIntents
        .create({ amount: 500, currency: 'eur', customer: c.customer.id, payment_method: c.pm, confirm: true })
        .then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
      const e = err as Stripe.errors.StripeCardError;
      expect([e.code, e.decline_code, e.statusCode]).toEqual([code, decline, 402]);
      expect(e.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code, decline_code: decline } });
    }
    // An unknown parameter is refused like Stripe does (catches typos in the app).
    await expect(stripe.paymentIntents.create({ amount: 100, currency: 'usd', colour: 'red' } as never)).rejects.toMatchObject({ code: 'parameter_unknown', statusCode: 400 });
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('3-D Secure: requires_action on session, authentication_required off session', async () => {
    const customer = await stripe.customers.create({});
    const si = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    const pending = await fake.confirmCardSetupDirect(si.id, CARD_THREE_DS);
    expect(pending.setupIntent?.status).toBe('requires_action');
    expect(fake.completeThreeDS(si.id, true).status).toBe('succeeded');
    const pm = String((await stripe.setupIntents.retrieve(si.id)).payment_method);

    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: customer.id, payment_method: pm, confirm: true });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('use_stripe_sdk');
    fake.completeThreeDS(pi.id, true);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');

    const pi2 = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: customer.id, payment_method: pm, confirm: true });
    fake.completeThreeDS(pi2.id, false);
    expect(await stripe.paymentIntents.retrieve(pi2.id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });

    const off = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd', customer: customer.id, payment_method: pm, confirm: true, off_session: true })
      .then(() => null, (e: unknown) => e as Stripe.errors.StripeCardError);
    expect(off).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(off?.code).toBe('authentication_required');
  });

  it('idempotency: a repeat returns the first answer; other params with the same key are refused', async () => {
    const c = await customerWithCard(CARD_OK);
    const params = { amount: 700, currency: 'usd', customer: c.customer.id, payment_method: c.pm, confirm: true, off_session: true };
    const a = await stripe.paymentIntents.create(params, { idempotencyKey: 'renew:pack:1' });
    const b = await stripe.paymentIntents.create(params, { idempotencyKey: 'renew:pack:1' });
    expect(b.id).toBe(a.id);
    expect([...fake.store.paymentIntents.values()].filter((p) => p.customer === c.customer.id)).toHaveLength(1);
    await expect(stripe.paymentIntents.create({ ...params, amount: 701 }, { idempotencyKey: 'renew:pack:1' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('failure injection: a hung request times out, an injected 500 is an API error', async () => {
    // A request that never answers ends at the client's time-out as a connection error.
    const hasty = new Stripe(fake.config.secretKey, { ...fake.clientOptions, timeout: 300, maxNetworkRetries: 0 });
    fake.hangNext('/v1/customers');
    await expect(hasty.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    fake.failNext('/v1/customers', 500);
    await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: 'customer' });

    // The charge is made but its answer is lost: the retry with the same key gets the same intent.
    const c = await customerWithCard(CARD_OK);
    const params = { amount: 900, currency: 'usd', customer: c.customer.id, payment_method: c.pm, confirm: true };
    fake.hangNext('/v1/payment_intents', 1, { process: true });
    await expect(hasty.paymentIntents.create(params, { idempotencyKey: 'lost-answer' })).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const retried = await stripe.paymentIntents.create(params, { idempotencyKey: 'lost-answer' });
    expect(retried.status).toBe('succeeded');
    expect([...fake.store.paymentIntents.values()].filter((p) => p.customer === c.customer.id).map((p) => p.id)).toEqual([retried.id]);
  });

  it('webhooks are signed as constructEvent expects; a resent event arrives twice', async () => {
    const c = await customerWithCard(CARD_OK);
    const pi = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd', customer: c.customer.id, payment_method: c.pm, confirm: true });
    await fake.waitForDeliveries();
    const mine = fake.events.find((e) => e.type === 'payment_intent.succeeded' && (e.data as { object: { id: string } }).object.id === pi.id)!;
    expect(fake.deliveries.filter((d) => d.eventId === mine.id).map((d) => d.status)).toEqual([200]);
    const hit = sink.received.find((r) => r.raw.includes(mine.id))!;
    const event = stripe.webhooks.constructEvent(hit.raw, hit.signature, fake.config.webhookSecret);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    expect(() => stripe.webhooks.constructEvent(hit.raw, hit.signature, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const again = await fake.resendEvent(mine.id);
    expect(again.status).toBe(200);
    expect(sink.received.filter((r) => JSON.parse(r.raw).id === mine.id)).toHaveLength(2);

    const card = { id: 'card_1', object: 'card', customer: c.customer.id, exp_month: 12, exp_year: 2030, last4: '4242', brand: 'Visa' };
    const sent = await fake.sendEvent('customer.source.expiring', card);
    const last = sink.received.at(-1)!;
    expect(sent.status).toBe(200);
    expect(stripe.webhooks.constructEvent(last.raw, last.signature, fake.config.webhookSecret).data.object).toMatchObject({ customer: c.customer.id });
  });

  it('serves the fake Stripe.js', async () => {
    const res = await fetch(fake.config.jsUrl);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    expect(await res.text()).toContain('confirmCardSetup');
    const pre = await fetch(`${fake.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS' });
    expect([pre.status, pre.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  });

  it('fake Stripe.js in a page: card element, confirmCardSetup, 3-D Secure dialog, confirmCardPayment', async () => {
    // The admin's page runs on another origin: the browser calls need the fake's CORS answers.
    const window = new Window({ url: 'http://127.0.0.1:9/admin' });
    try {
      const w = window as unknown as { eval(code: string): unknown; Event: typeof Event } & Record<string, never>;
      const { document } = window;
      document.body.innerHTML = '<div id="card"></div>';
      w.eval(await (await fetch(fake.config.jsUrl)).text());
      w.eval(`window.s = Stripe(${JSON.stringify(fake.config.publishableKey)}); window.el = s.elements().create('card'); el.mount('#card');`);
      const page = window as unknown as { s: Record<string, (...a: unknown[]) => Promise<Record<string, { status?: string; code?: string }>>>; el: unknown };
      const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as unknown as HTMLInputElement | null;
      const shown = (id: string) => {
        const el = byTestId(id);
        if (!el) throw new Error(`${id} not shown yet`);
        return el;
      };
      // vi.waitFor gives up after a second by default, which a loaded machine can outlast.
      const WAIT = { timeout: 30_000, interval: 50 };
      const fill = (id: string, value: string) => {
        byTestId(id)!.value = value;
        byTestId(id)!.dispatchEvent(new w.Event('input'));
      };
      const customer = await stripe.customers.create({});
      const setup = async (card: string) => {
        const si = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
        fill('stripe-card-number', card);
        fill('stripe-card-expiry', '12 / 34');
        fill('stripe-card-cvc', '123');
        return page.s.confirmCardSetup!(si.client_secret, { payment_method: { card: page.el } });
      };
      expect((await setup(CARD_OK)).setupIntent?.status).toBe('succeeded');
      expect((await setup(CARD_DECLINED)).error?.code).toBe('card_declined');

      const threeDs = setup(CARD_THREE_DS);
      (await vi.waitFor(() => shown('stripe-3ds-complete'), WAIT)).click();
      expect((await threeDs).setupIntent?.status).toBe('succeeded');
      expect(byTestId('stripe-3ds-dialog')).toBeNull();

      const pm = (await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.find((p) => p.card?.last4 === '3184')!;
      const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: customer.id, payment_method: pm.id, confirm: true });
      const paid = page.s.confirmCardPayment!(pi.client_secret);
      (await vi.waitFor(() => shown('stripe-3ds-fail'), WAIT)).click();
      expect((await paid).error?.code).toBe('payment_intent_authentication_failure');
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    } finally {
      await window.happyDOM.close();
    }
  });
});
