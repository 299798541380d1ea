import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformAppConfig } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';

/**
 * What the three installs (install-routes.ts for Shopify, install-shoplazza.ts, install-shopline.ts)
 * check the same way: the envelope of a refusal, the query as the platform signed it, and the
 * `state` nonce kept in an HMAC-signed cookie on the callback's path.
 */
export type InstallRequest = FastifyRequest<{ Params: { platform: string } }>;

/** The envelope in the caller's language, for a refused install (a browser shows it as it is). */
export const refuseInstall = (req: InstallRequest, reply: FastifyReply, status: number, code: number, key: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ code, msg: translateError(requestLocale(req), key), data: null });

/** The query as the platform signed it: one value per name, as sent. */
export function signedQuery(req: InstallRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.raw.url ?? '/', 'http://app').searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** The owner has ten minutes on the authorize page. */
const STATE_TTL_S = 600;

/**
 * The `state` nonce of one platform's install: made on the app's URL, sent to the authorize page
 * and kept in an HttpOnly cookie HMAC-signed with the app's secret, so only this server's nonce is
 * taken back on the callback; cleared there.
 */
export function installState(cookieName: string, callbackPath: string) {
  const sign = (state: string, secret: string) => `${state}.${createHmac('sha256', secret).update(`state:${state}`).digest('base64url')}`;
  const cookie = (value: string, maxAge: number) =>
    `${cookieName}=${value}; Path=${callbackPath}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
  return {
    /** A fresh nonce and the cookie that keeps it. */
    issue(secret: string) {
      const state = randomBytes(18).toString('base64url');
      return { state, setCookie: cookie(sign(state, secret), STATE_TTL_S) };
    },
    /** The nonce the request's cookie holds, when this server signed it; else null. */
    read(req: InstallRequest, secret: string): string | null {
      const raw = String(req.headers.cookie ?? '').split(';').map((c) => c.trim()).find((c) => c.startsWith(`${cookieName}=`));
      // The value is written unencoded (base64url and a dot); a cookie spelled otherwise is not ours.
      const value = raw ? raw.slice(cookieName.length + 1) : '';
      const state = value.split('.')[0] ?? '';
      if (!state) return null;
      const expected = Buffer.from(sign(state, secret));
      const given = Buffer.from(value);
      return given.length === expected.length && timingSafeEqual(given, expected) ? state : null;
    },
    cleared: () => cookie('', 0),
  };
}

/** The server's app on the platform, or the 409 that says it has none. */
export function configuredApp(
  deps: Deps, req: InstallRequest, reply: FastifyReply, platform: 'shoplazza' | 'shopline',
): { app: PlatformAppConfig } | { refused: FastifyReply } {
  const app = deps.config.platformApps[platform];
  if (!app?.apiSecret) return { refused: refuseInstall(req, reply, 409, ResultCode.FAILED, 'errors.store.platformNotConfigured') };
  return { app };
}
