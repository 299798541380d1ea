import type { StorefrontPopup, StorefrontVisitor } from '@storecast/contract';
import type { StorefrontEvent } from './storefront-types.ts';

/**
 * The public routes of the product, called from the shop's own origin. Bodies go as text/plain
 * JSON: a "simple" request needs no CORS preflight, and a beacon can carry it.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface StorefrontConfig {
  popups: StorefrontPopup[];
  visitor: StorefrontVisitor;
}

export interface SubscribeAnswer {
  status: 'subscribed' | 'confirm';
  coupon: { code: string; discount: number; description: string } | null;
}

export function createPublicApi(base: string, key: string, visitorId: string, language: string) {
  const url = (path: string) => `${base}/api/public/storefront/${path}`;
  const post = async <T>(path: string, body: object, keepalive = false): Promise<Envelope<T>> => {
    const res = await fetch(url(path), {
      method: 'POST',
      // Accept-Language is a safelisted header: the server answers in the shopper's language.
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'accept-language': language },
      body: JSON.stringify({ key, visitor_id: visitorId, ...body }),
      credentials: 'omit',
      keepalive,
    });
    return (await res.json()) as Envelope<T>;
  };
  return {
    async config(): Promise<Envelope<StorefrontConfig>> {
      const res = await fetch(`${url('config')}?key=${encodeURIComponent(key)}&visitor_id=${encodeURIComponent(visitorId)}`, {
        credentials: 'omit', headers: { 'accept-language': language },
      });
      return (await res.json()) as Envelope<StorefrontConfig>;
    },
    subscribe: (body: object) => post<SubscribeAnswer | { fields?: Record<string, string> } | null>('subscribe', body),
    identify: (body: object) => post<{ linked: boolean }>('identify', body),
    /** A beacon when the browser takes it (it survives the page's end), else a keepalive fetch. */
    sendEvents(events: StorefrontEvent[]) {
      const body = JSON.stringify({ key, visitor_id: visitorId, events });
      let queued = false;
      try {
        queued = !!navigator.sendBeacon?.(url('events'), new Blob([body], { type: 'text/plain;charset=UTF-8' }));
      } catch {
        // A beacon refused outright: the fetch below carries the batch.
      }
      if (!queued) {
        fetch(url('events'), { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, keepalive: true, credentials: 'omit' })
          .catch(() => undefined);
      }
    },
  };
}

export type PublicApi = ReturnType<typeof createPublicApi>;
