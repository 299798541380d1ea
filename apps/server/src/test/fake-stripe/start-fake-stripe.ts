import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { apiAnswerer, type FakeStripeRequest } from './answer-api-request.ts';
import { eventDelivery, type FakeStripeDelivery } from './deliver-events.ts';
import { fakeStripeJs } from './fake-stripe-js.ts';
import { getOr404, newStore, type FakeStripeStore, type StripeObject } from './fake-stripe-store.ts';
import { finishPaymentThreeDS } from './handle-payment-intents.ts';
import { finishSetupThreeDS } from './handle-setup-intents.ts';
import { apiError, type FakeStripeError } from './stripe-error.ts';

export * from './test-cards.ts';
export { signWebhook } from './sign-webhook.ts';
export type { FakeStripeDelivery, FakeStripeRequest, FakeStripeStore, StripeObject };

export interface StartFakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Where signed events are POSTed; null (default) = nowhere (events are still recorded). */
  webhookUrl?: string | null;
  /** `config.timeoutMs` (the app's client time-out), default 2000. */
  timeoutMs?: number;
}

/** The error Stripe.js resolves with (`{ error }`), as Stripe's API gave it. */
export interface StripeJsError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  setup_intent?: Stripe.SetupIntent;
}

/** What `stripe.confirmCardSetup` resolves with. */
export type ConfirmCardSetupResult = { setupIntent: Stripe.SetupIntent; error?: undefined } | { setupIntent?: undefined; error: StripeJsError };

/**
 * A stand-in for Stripe on loopback: the `/v1` API the official `stripe` client calls (customers,
 * payment_methods, setup_intents, payment_intents; Stripe's errors, idempotency and keys),
 * signed webhooks, a fake Stripe.js at `/v3/` for the admin, and failure injection.
 */
export async function startFakeStripe(opts: StartFakeStripeOptions = {}) {
  const ApiVersion = Stripe.API_VERSION;
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  const publishableKey = opts.publishableKey ?? 'pk_test_fake';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake';
  const store = newStore();
  const requests: FakeStripeRequest[] = [];
  const events = eventDelivery({ store, secret: webhookSecret, apiVersion: ApiVersion, timeoutMs: 10_000 });
  events.setUrl(opts.webhookUrl ?? null);
  const hangs: { prefix: string; left: number; process: boolean }[] = [];
  const fails: { prefix: string; left: number; status: number }[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = '';
  const deps = { store, emit: events.emit, baseUrl: '' };
  const answer = apiAnswerer({ store, secretKey, publishableKey, baseUrl: () => baseUrl, emit: events.emit, requests });

  const take = <T extends { prefix: string; left: number }>(list: T[], path: string): T | undefined => {
    const rule = list.find((r) => r.left > 0 && path.startsWith(r.prefix));
    if (rule) rule.left--;
    return rule;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1_000_000) chunks.push(c);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      };
      if (req.method === 'OPTIONS') return void res.writeHead(204, { ...cors, 'access-control-max-age': '600' }).end();
      if (req.method === 'GET' && (url.pathname === '/v3/' || url.pathname === '/v3')) {
        res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(fakeStripeJs(baseUrl));
      }
      const json = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { ...cors, 'content-type': 'application/json', 'request-id': `req_${Date.now()}`, 'stripe-version': ApiVersion, ...extra });
        res.end(JSON.stringify(body));
        events.flush();
      };
      if (size > 1_000_000) return json(413, { error: { type: 'invalid_request_error', message: 'Request entity too large.' } });
      const hang = take(hangs, url.pathname);
      if (hang) {
        // The request is read and (optionally) carried out, but no answer ever comes back.
        if (hang.process) answer(req, url.pathname, url.search.slice(1), Buffer.concat(chunks).toString('utf8'));
        events.flush();
        return;
      }
      const fail = take(fails, url.pathname);
      if (fail) {
        const e: FakeStripeError = apiError(fail.status);
        return json(e.status, { error: e.body });
      }
      const a = answer(req, url.pathname, url.search.slice(1), Buffer.concat(chunks).toString('utf8'));
      json(a.status, a.body, a.replayed ? { 'idempotent-replayed': 'true' } : {});
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  deps.baseUrl = baseUrl;

  const config: StripeConfig = {
    secretKey,
    publishableKey,
    webhookSecret,
    apiBase: baseUrl,
    jsUrl: `${baseUrl}/v3/`,
    timeoutMs: opts.timeoutMs ?? 2000,
  };

  /** Calls the fake's API over HTTP with the publishable key, as Stripe.js does. */
  async function browserCall(path: string, form: Record<string, string>) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const withFlush = <T>(fn: () => T): T => {
    try {
      return fn();
    } finally {
      events.flush();
    }
  };

  return {
    config,
    port,
    url: baseUrl,
    /** Options for `new Stripe(config.secretKey, { ...clientOptions, timeout, maxNetworkRetries })`. */
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' as const },
    store,
    /** Every API request, in order (method, path, key kind, Idempotency-Key, parsed params, status). */
    requests,
    /** Every webhook POST, in order, with the endpoint's status. */
    deliveries: events.deliveries,
    /** Events in the order they happened. */
    get events(): StripeObject[] {
      return [...store.events.values()];
    },
    setWebhookUrl(url: string | null) {
      events.setUrl(url);
    },
    /** Resolves when every webhook delivery queued so far has been answered. */
    waitForDeliveries: () => events.idle(),
    /** Delivers a recorded event again (a webhook delivered twice). */
    resendEvent(eventId: string): Promise<FakeStripeDelivery> {
      return events.send(getOr404(store.events, eventId, 'id', 'event'));
    },
    /** Records and delivers an arbitrary event, e.g. `customer.source.expiring` with a card object. */
    sendEvent(type: string, object: Record<string, unknown>): Promise<FakeStripeDelivery> {
      const obj = { id: String(object.id ?? ''), object: String(object.object ?? ''), ...object };
      return events.send(events.record(type, obj));
    },
    /** The next `n` requests whose path starts with `pathPrefix` get no answer. `process`: carry them out first (the answer is lost). */
    hangNext(pathPrefix: string, n = 1, options: { process?: boolean } = {}) {
      hangs.push({ prefix: pathPrefix, left: n, process: options.process ?? false });
    },
    /** The next `n` requests whose path starts with `pathPrefix` get an api_error with this status. */
    failNext(pathPrefix: string, status = 500, n = 1) {
      fails.push({ prefix: pathPrefix, left: n, status });
    },
    /** The 3-D Secure result for a payment or setup intent in requires_action (fires its webhook). */
    completeThreeDS(intentId: string, ok: boolean): StripeObject {
      return withFlush(() =>
        structuredClone(intentId.startsWith('seti_') ? finishSetupThreeDS(deps, intentId, ok) : finishPaymentThreeDS(deps, intentId, ok)),
      );
    },
    /** What `stripe.confirmCardSetup` does in the browser with this card (over HTTP, publishable key). */
    async confirmCardSetupDirect(
      setupIntentId: string,
      cardNumber: string,
      card: { exp_month?: number; exp_year?: number; cvc?: string } = {},
    ): Promise<ConfirmCardSetupResult> {
      const intent = store.setupIntents.get(setupIntentId);
      const r = await browserCall(`/v1/setup_intents/${setupIntentId}/confirm`, {
        client_secret: String(intent?.client_secret ?? ''),
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': cardNumber,
        'payment_method_data[card][exp_month]': String(card.exp_month ?? 12),
        'payment_method_data[card][exp_year]': String(card.exp_year ?? new Date().getUTCFullYear() + 3),
        'payment_method_data[card][cvc]': card.cvc ?? '123',
      });
      return r.status === 200 ? { setupIntent: r.body as unknown as Stripe.SetupIntent } : { error: r.body.error as StripeJsError };
    },
    /** Objects as the fake holds them now (copies), typed as the official client types them. */
    customer: (id: string) => copyOf<Stripe.Customer>(store.customers, id),
    paymentMethod: (id: string) => copyOf<Stripe.PaymentMethod>(store.paymentMethods, id),
    setupIntent: (id: string) => copyOf<Stripe.SetupIntent>(store.setupIntents, id),
    paymentIntent: (id: string) => copyOf<Stripe.PaymentIntent>(store.paymentIntents, id),
    /** Any object the fake holds by id (a copy). */
    get(intentOrObjectId: string): StripeObject | undefined {
      const o =
        store.paymentIntents.get(intentOrObjectId) ??
        store.setupIntents.get(intentOrObjectId) ??
        store.customers.get(intentOrObjectId) ??
        store.paymentMethods.get(intentOrObjectId);
      return o && structuredClone(o);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A copy of a stored object, typed as the official client's type; throws when it does not exist. */
function copyOf<T>(map: Map<string, StripeObject>, id: string): T {
  const o = map.get(id);
  if (!o) throw new Error(`fake Stripe: no object ${id}`);
  return structuredClone(o) as unknown as T;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
