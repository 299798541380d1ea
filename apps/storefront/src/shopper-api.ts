import type { EventBatch } from './event-batch.ts';
import type { PublicApi } from './public-api.ts';
import type { StorefrontEvent, StorefrontEventType } from './storefront-types.ts';

/**
 * `window.storecast`: `track(type, data)` and `identify({ email | phone | customer_id })` for
 * shops on the custom platform. Calls made before the script loaded wait in an array
 * (`window.storecast = window.storecast || []; storecast.push(['track', 'added_to_cart', {…}])`)
 * and run once it starts; `push` keeps working afterwards.
 */
export type QueuedCall = [string, ...unknown[]];

const TRACKED: StorefrontEventType[] = ['viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout'];

/** Keeps the plain values of `data` within the route's limits (20 keys, short strings). */
export function toEvent(type: StorefrontEventType, data: unknown, url: string, at: number): StorefrontEvent {
  const event: StorefrontEvent = { type, at, url: url.slice(0, 2000) };
  if (data && typeof data === 'object') {
    const source = data as Record<string, unknown>;
    const subject = source.product_id ?? source.id ?? source.subject;
    if (typeof subject === 'string' || typeof subject === 'number') event.subject = String(subject).slice(0, 300);
    const properties: NonNullable<StorefrontEvent['properties']> = {};
    let count = 0;
    for (const [k, v] of Object.entries(source)) {
      if (count >= 20 || k.length > 100) continue;
      if (typeof v === 'string') properties[k] = v.slice(0, 1000);
      else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' || v === null) properties[k] = v;
      else continue;
      count++;
    }
    if (count) event.properties = properties;
  }
  return event;
}

export function createShopperApi(api: Pick<PublicApi, 'identify'>, batch: EventBatch, now: () => number = Date.now) {
  const shopper = {
    track(type: unknown, data?: unknown) {
      try {
        if (typeof type !== 'string' || !TRACKED.includes(type as StorefrontEventType)) return;
        batch.add(toEvent(type as StorefrontEventType, data, location.href, now()));
      } catch {
        // A shop's bad call never throws into its page.
      }
    },
    identify(who: unknown) {
      try {
        if (!who || typeof who !== 'object') return;
        const { email, phone, customer_id } = who as Record<string, unknown>;
        const body: Record<string, string> = {};
        if (typeof email === 'string' && email) body.email = email.slice(0, 254);
        if (typeof phone === 'string' && phone) body.phone = phone.slice(0, 30);
        if ((typeof customer_id === 'string' || typeof customer_id === 'number') && String(customer_id)) body.customer_id = String(customer_id).slice(0, 100);
        if (Object.keys(body).length) void api.identify(body).catch(() => undefined);
      } catch {
        // As above.
      }
    },
    push(call: unknown) {
      if (!Array.isArray(call)) return;
      const [name, ...args] = call as QueuedCall;
      if (name === 'track') shopper.track(args[0], args[1]);
      else if (name === 'identify') shopper.identify(args[0]);
    },
  };
  return shopper;
}
