import type { StorefrontPopup, StorefrontVisitor } from '@storecast/contract';
import type { DrawInfo, DrawPrize } from '@storecast/popup-view';
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

export interface DrawAnswer {
  prize: DrawPrize;
  coupon: SubscribeAnswer['coupon'];
}

type FieldErrors = { fields?: Record<string, string> } | null;

export function createPublicApi(base: string, key: string, visitorId: string, language: string) {
  const url = (path: string) => `${base}/api/public/${path.includes('/') ? '' : 'storefront/'}${path}`;
  const get = async <T>(path: string, query: Record<string, string>): Promise<Envelope<T>> => {
    const res = await fetch(`${url(path)}?${new URLSearchParams({ key, ...query }).toString()}`, {
      credentials: 'omit', headers: { 'accept-language': language },
    });
    return (await res.json()) as Envelope<T>;
  };
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
    config: () => get<StorefrontConfig>('config', { visitor_id: visitorId }),
    subscribe: (body: object) => post<SubscribeAnswer | FieldErrors>('subscribe', body),
    /** A running lucky draw's look and prizes in the shopper's language (`/public/campaign/draw-info`). */
    drawInfo: (campaignId: string) => get<DrawInfo>('campaign/draw-info', { campaign_id: campaignId, language }),
    /** One draw, decided by the server (`/public/campaign/draw`). */
    draw: (body: object) => post<DrawAnswer | FieldErrors>('campaign/draw', body),
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
