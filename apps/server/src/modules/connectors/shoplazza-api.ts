import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformAppConfig } from '../../config.ts';

/** The OpenAPI version the Shoplazza connector speaks (its reference's 2025-06 pages). */
export const SHOPLAZZA_API_VERSION = '2025-06';

/** A Shoplazza shop's own domain, as the app's URL, the callback and webhooks name it. */
export const SHOPLAZZA_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}\.myshoplaza\.com$/;

/** Where a shop answers: `https://{shop}`, or the configured base (`SHOPLAZZA_API_BASE`). */
export const shoplazzaBase = (app: PlatformAppConfig, shop: string): string => (app.apiBase ?? 'https://{shop}').replace('{shop}', shop);

/**
 * Checks the `hmac` Shoplazza puts on the app's URL and the OAuth callback: lower-case hex
 * HMAC-SHA256 under the client secret of the other parameters sorted by name, joined as
 * `k=v&k=v` without URL-encoding; compared in constant time and only in its exact spelling.
 */
export function shoplazzaQuerySigned(query: Record<string, string>, secret: string): boolean {
  const given = query.hmac ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const message = Object.keys(query).filter((k) => k !== 'hmac').sort().map((k) => `${k}=${query[k]}`).join('&');
  return timingSafeEqual(Buffer.from(given, 'hex'), createHmac('sha256', secret).update(message).digest());
}

/** The platform refused the token (401, 403): the link is no longer authorised. */
export class ShoplazzaUnauthorized extends Error {}

/** Shoplazza allows about two requests a second per app and store; this pace stays under it. */
export const SHOPLAZZA_MIN_INTERVAL_MS = 500;
const lastCall = new Map<string, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One OpenAPI call with the `Access-Token` header. Calls to one shop are spaced by the platform's
 * rate (two a second), a 429 waits its `Retry-After` seconds (one when missing) and is tried
 * again, up to `retries` times; 401 and 403 throw `ShoplazzaUnauthorized`, anything else not 2xx
 * an error with the status.
 */
export interface ShoplazzaCall { method?: string; query?: Record<string, string>; body?: unknown; retries?: number; timeoutMs?: number }

export async function shoplazzaRequest<T>(app: PlatformAppConfig, shop: string, token: string, path: string, init: ShoplazzaCall = {}): Promise<T> {
  const url = new URL(`${shoplazzaBase(app, shop)}/openapi/${SHOPLAZZA_API_VERSION}/${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  for (let attempt = 0; ; attempt += 1) {
    const wait = (lastCall.get(shop) ?? 0) + SHOPLAZZA_MIN_INTERVAL_MS - Date.now();
    if (wait > 0) await sleep(wait);
    lastCall.set(shop, Date.now());
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { 'access-token': token, 'content-type': 'application/json', accept: 'application/json' },
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
      throw new ShoplazzaUnauthorized(`Shoplazza answered ${res.status}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Shoplazza answered ${res.status} to ${path}`);
    }
    return (await res.json()) as T;
  }
}
