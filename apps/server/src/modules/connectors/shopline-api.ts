import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformAppConfig } from '../../config.ts';

/** The OpenAPI version the Shopline connector speaks (its reference's v20251201 pages). */
export const SHOPLINE_API_VERSION = 'v20251201';

/** A Shopline store's handle: the first label of `{handle}.myshopline.com`. */
export const SHOPLINE_HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}$/;
export const shoplineDomain = (handle: string) => `${handle}.myshopline.com`;

/** Where a store answers: `https://{handle}.myshopline.com`, or the configured base (`SHOPLINE_API_BASE`, `{shop}` the domain). */
export const shoplineBase = (app: PlatformAppConfig, handle: string): string => (app.apiBase ?? 'https://{shop}').replace('{shop}', shoplineDomain(handle));

const hmacHex = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

/**
 * The `sign` Shopline puts on the app's URL and the authorization callback: lower-case hex
 * HMAC-SHA256 under the app secret of the other parameters sorted by name and joined `k=v&k=v`
 * ("Generate and verify signatures", GET requests). Compared in constant time, its exact spelling only.
 */
export function shoplineQuerySigned(query: Record<string, string>, secret: string): boolean {
  const given = query.sign ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const message = Object.keys(query).filter((k) => k !== 'sign').sort().map((k) => `${k}=${query[k]}`).join('&');
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(hmacHex(secret, message), 'hex'));
}

/** A POST to Shopline's OAuth endpoints is signed over the body followed by the timestamp (milliseconds). */
export const shoplineBodySign = (body: string, timestamp: string, secret: string) => hmacHex(secret, `${body}${timestamp}`);

/** Shopline signs with a millisecond timestamp and takes ten minutes either way; so do we. */
export const SHOPLINE_TIMESTAMP_WINDOW_MS = 10 * 60_000;
export const shoplineTimestampFresh = (ts: string | undefined) =>
  /^\d{10,16}$/.test(ts ?? '') && Math.abs(Date.now() - Number(ts)) <= SHOPLINE_TIMESTAMP_WINDOW_MS;

/** The platform refused the token (401, 403): the link is no longer authorised. */
export class ShoplineUnauthorized extends Error {}

/** Shopline allows four requests a second per app and store (burst 40); this pace stays under it. */
export const SHOPLINE_MIN_INTERVAL_MS = 250;
const lastCall = new Map<string, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ShoplineCall { method?: string; query?: Record<string, string>; body?: unknown; retries?: number; timeoutMs?: number }

/** The `page_info` of a `Link` header's `rel="next"`, the only way Shopline's lists say there is more. */
export function nextPageInfo(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const m = /^\s*<([^>]+)>\s*;\s*rel="?next"?\s*$/.exec(part);
    if (!m) continue;
    try {
      return new URL(m[1]!).searchParams.get('page_info') || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * One Admin REST call, `Authorization: Bearer`, at `/admin/openapi/{version}/{path}`. Calls to one
 * store are spaced by the platform's rate (four a second); a 429 waits its `Retry-After` seconds
 * (one when missing, as Shopline usually sends none) and is tried again, up to `retries` times;
 * 401 and 403 throw `ShoplineUnauthorized`, anything else not 2xx an error with the status.
 * Returns the JSON and the next page's `page_info`.
 */
export async function shoplineRequest<T>(
  app: PlatformAppConfig, handle: string, token: string, path: string, init: ShoplineCall = {},
): Promise<{ body: T; next: string | null }> {
  const url = new URL(`${shoplineBase(app, handle)}/admin/openapi/${SHOPLINE_API_VERSION}/${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  for (let attempt = 0; ; attempt += 1) {
    const wait = (lastCall.get(handle) ?? 0) + SHOPLINE_MIN_INTERVAL_MS - Date.now();
    if (wait > 0) await sleep(wait);
    lastCall.set(handle, Date.now());
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    if (res.status === 429 && attempt < (init.retries ?? 8)) {
      const after = Number(res.headers.get('retry-after'));
      await res.body?.cancel();
      // Capped below the first sync's lease (60 s), which a longer wait would lose.
      await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 30) * 1000 : 1000);
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new ShoplineUnauthorized(`Shopline answered ${res.status}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Shopline answered ${res.status} to ${path}`);
    }
    return { body: (await res.json()) as T, next: nextPageInfo(res.headers.get('link')) };
  }
}
