import { newId, nowSeconds, type FakeStripeStore, type StripeObject } from './fake-stripe-store.ts';
import { signWebhook } from './sign-webhook.ts';

/** One POST of an event to the webhook URL and how the endpoint answered. */
export interface FakeStripeDelivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status; null when the connection failed (see `error`). */
  status: number | null;
  error?: string;
  /** The endpoint's answer body (first 2 KB). */
  responseBody: string;
  at: Date;
}

/**
 * Events and their delivery, as Stripe does it: an event snapshots the object when it happens;
 * it is POSTed (signed) after the API call that caused it has answered, one at a time in order.
 * Events happening while no URL is set are recorded but not delivered.
 */
export function eventDelivery(opts: { store: FakeStripeStore; secret: string; apiVersion: string; timeoutMs: number }) {
  const deliveries: FakeStripeDelivery[] = [];
  let url: string | null = null;
  let pending: StripeObject[] = [];
  let chain: Promise<unknown> = Promise.resolve();

  function record(type: string, object: StripeObject): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: opts.apiVersion,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    opts.store.events.set(event.id, event);
    return event;
  }

  async function post(event: StripeObject, to: string): Promise<FakeStripeDelivery> {
    const body = JSON.stringify(event, null, 2);
    const base = { eventId: event.id, type: String(event.type), url: to, at: new Date() };
    let delivery: FakeStripeDelivery;
    try {
      const res = await fetch(to, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signWebhook(body, opts.secret),
        },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      delivery = { ...base, status: res.status, responseBody: (await res.text()).slice(0, 2048) };
    } catch (e) {
      delivery = { ...base, status: null, error: e instanceof Error ? e.message : String(e), responseBody: '' };
    }
    deliveries.push(delivery);
    return delivery;
  }

  /** Queues a delivery behind the others; resolves with its record. */
  function enqueue(event: StripeObject, to: string): Promise<FakeStripeDelivery> {
    const p = chain.then(() => post(event, to));
    chain = p.catch(() => undefined);
    return p;
  }

  return {
    deliveries,
    setUrl(next: string | null) {
      url = next;
    },
    /** Records an event now; it is sent at the next `flush()` (after the API answer). */
    emit(type: string, object: StripeObject) {
      const event = record(type, object);
      if (url) pending.push(event);
    },
    flush() {
      const batch = pending;
      pending = [];
      for (const e of batch) void enqueue(e, url ?? '');
    },
    /** Delivers an event now (again), whatever happened before. */
    send(event: StripeObject): Promise<FakeStripeDelivery> {
      if (!url) return Promise.reject(new Error('fake Stripe: no webhook URL set'));
      return enqueue(event, url);
    },
    record,
    /** Resolves when every queued delivery has been answered (or failed). */
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}
