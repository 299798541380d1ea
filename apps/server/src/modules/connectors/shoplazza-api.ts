import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformAppConfig } from '../../config.ts';
import { callPlatformApi, type TokenSource } from './call-platform-api.ts';

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

/** The platform refused the token (401, after one renewal of an expiring token); a 403 is PlatformScopeRefused instead. */
export class ShoplazzaUnauthorized extends Error {}

/** Shoplazza allows about two requests a second per app and store; this pace stays under it. */
export const SHOPLAZZA_MIN_INTERVAL_MS = 500;

export interface ShoplazzaCall { method?: string; query?: Record<string, string>; body?: unknown; retries?: number; timeoutMs?: number }

/**
 * One OpenAPI call with the `Access-Token` header, through the shared paced caller
 * (call-platform-api.ts): two a second per shop, 429s waited out, an expiring token renewed once
 * on a 401; a refused token throws `ShoplazzaUnauthorized`.
 */
export async function shoplazzaRequest<T>(app: PlatformAppConfig, shop: string, token: TokenSource, path: string, init: ShoplazzaCall = {}): Promise<T> {
  const url = new URL(`${shoplazzaBase(app, shop)}/openapi/${SHOPLAZZA_API_VERSION}/${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const res = await callPlatformApi({
    key: `shoplazza:${shop}`, minIntervalMs: SHOPLAZZA_MIN_INTERVAL_MS, url, method: init.method, token, label: 'Shoplazza',
    headers: (t) => ({ 'access-token': t, 'content-type': 'application/json', accept: 'application/json' }),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    retries: init.retries, timeoutMs: init.timeoutMs,
    unauthorized: (status) => new ShoplazzaUnauthorized(`Shoplazza answered ${status}`),
  });
  return (await res.json()) as T;
}
