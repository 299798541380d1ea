import type { IncomingMessage } from 'node:http';
import type { HandlerContext, Handler } from './fake-stripe-context.ts';
import { expand, newId, type FakeStripeStore } from './fake-stripe-store.ts';
import { handleCustomers } from './handle-customers.ts';
import { handlePaymentIntents } from './handle-payment-intents.ts';
import { handlePaymentMethods } from './handle-payment-methods.ts';
import { handleSetupIntents } from './handle-setup-intents.ts';
import { Params, parseForm } from './parse-form.ts';
import { authError, FakeStripeError } from './stripe-error.ts';

const HANDLERS: Handler[] = [handleCustomers, handlePaymentMethods, handleSetupIntents, handlePaymentIntents];

/** An answer before it is written: status and JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

interface StoredAnswer extends ApiAnswer {
  method: string;
  path: string;
  raw: string;
}

/** One API request as the fake saw it (for tests asserting what the app sent). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  key: 'secret' | 'publishable' | null;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
  status: number;
}

/**
 * Answers one `/v1/…` request: authentication (`Authorization: Bearer sk_…`, or the
 * publishable key as Bearer or as a `key` param like Stripe.js), `Idempotency-Key` (a repeat
 * with the same key, method, path and params returns the stored first answer; other params
 * => 400 idempotency_error), then the endpoint.
 */
export function apiAnswerer(opts: {
  store: FakeStripeStore;
  secretKey: string;
  publishableKey: string;
  baseUrl: () => string;
  emit: HandlerContext['emit'];
  requests: FakeStripeRequest[];
}) {
  const idempotent = new Map<string, StoredAnswer>();

  return function answer(req: IncomingMessage, pathname: string, query: string, raw: string): ApiAnswer {
    const method = req.method ?? 'GET';
    const form = parseForm(method === 'GET' || method === 'DELETE' ? query : raw);
    const log: FakeStripeRequest = { method, path: pathname, key: null, idempotencyKey: null, params: form, status: 0 };
    opts.requests.push(log);
    const done = (a: ApiAnswer) => ((log.status = a.status), a);
    try {
      const auth = req.headers.authorization ?? '';
      const bearer = /^Bearer (.+)$/i.exec(auth)?.[1] ?? (typeof form.key === 'string' ? form.key : '');
      if (!bearer) throw authError('You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
      const key = bearer === opts.secretKey ? 'secret' : bearer === opts.publishableKey ? 'publishable' : null;
      if (!key) throw authError(`Invalid API Key provided: ${bearer.slice(0, 8)}${'*'.repeat(Math.max(0, bearer.length - 12))}${bearer.slice(-4)}`);
      log.key = key;

      const idemKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) ?? null : null;
      log.idempotencyKey = idemKey;
      const slot = idemKey ? `${key}:${idemKey}` : null;
      const stored = slot ? idempotent.get(slot) : undefined;
      if (stored) {
        if (stored.method !== method || stored.path !== pathname || stored.raw !== canonical(form)) {
          throw new FakeStripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          });
        }
        return done({ status: stored.status, body: stored.body, replayed: true });
      }

      const result = run({ method, pathname, form, key });
      // Stripe saves the result once the endpoint started executing: successes and card errors.
      if (slot && (result.status === 200 || result.status === 402)) {
        idempotent.set(slot, { ...result, method, path: pathname, raw: canonical(form) });
      }
      return done(result);
    } catch (e) {
      if (e instanceof FakeStripeError) return done(errorAnswer(e));
      throw e;
    }
  };

  function run(r: { method: string; pathname: string; form: ReturnType<typeof parseForm>; key: 'secret' | 'publishable' }): ApiAnswer {
    const ctx: HandlerContext = {
      method: r.method,
      parts: r.pathname.replace(/^\/v1\//, '').split('/').filter(Boolean).map(decodeURIComponent),
      params: new Params(r.form),
      key: r.key,
      store: opts.store,
      emit: opts.emit,
      baseUrl: opts.baseUrl(),
    };
    try {
      for (const h of HANDLERS) {
        const out = h(ctx);
        if (out) {
          const paths = ctx.params.list('expand');
          const body = typeof out.id === 'string' && typeof out.object === 'string' ? expand(opts.store, out as never, paths) : out;
          return { status: 200, body: structuredClone(body) };
        }
      }
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${r.method}: ${r.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    } catch (e) {
      if (e instanceof FakeStripeError) return errorAnswer(e);
      throw e;
    }
  }
}

function errorAnswer(e: FakeStripeError): ApiAnswer {
  return {
    status: e.status,
    body: { error: { ...structuredClone(e.body), request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}` } },
  };
}

function canonical(form: unknown): string {
  return JSON.stringify(form, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
