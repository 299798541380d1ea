import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformAppConfig } from '../../config.ts';
import { callPlatformApi, type TokenSource } from './call-platform-api.ts';

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

/** The platform refused the token (401, after one renewal of an expiring token); a 403 is PlatformScopeRefused instead. */
export class ShoplineUnauthorized extends Error {}

/** Shopline allows four requests a second per app and store (burst 40); this pace stays under it. */
export const SHOPLINE_MIN_INTERVAL_MS = 250;

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
 * One Admin REST call, `Authorization: Bearer`, at `/admin/openapi/{version}/{path}`, through the
 * shared paced caller (call-platform-api.ts): four a second per store, 429s waited out (one second
 * when, as usual, Shopline sends no `Retry-After`), an expiring token renewed once on a 401; a
 * refused token throws `ShoplineUnauthorized`. Returns the JSON and the next page's `page_info`.
 */
export async function shoplineRequest<T>(
  app: PlatformAppConfig, handle: string, token: TokenSource, path: string, init: ShoplineCall = {},
): Promise<{ body: T; next: string | null }> {
  const url = new URL(`${shoplineBase(app, handle)}/admin/openapi/${SHOPLINE_API_VERSION}/${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const res = await callPlatformApi({
    key: `shopline:${handle}`, minIntervalMs: SHOPLINE_MIN_INTERVAL_MS, url, method: init.method, token, label: 'Shopline',
    headers: (t) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' }),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    retries: init.retries, timeoutMs: init.timeoutMs,
    unauthorized: (status) => new ShoplineUnauthorized(`Shopline answered ${status}`),
  });
  return { body: (await res.json()) as T, next: nextPageInfo(res.headers.get('link')) };
}
