import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { completeInstall } from './callback-complete-install.ts';
import { readShoplazzaShop } from './read-shop-shoplazza.ts';
import { PLATFORM_WEBHOOK_PATH } from './receive-webhook.ts';
import { SHOPLAZZA_DOMAIN_PATTERN, shoplazzaBase, shoplazzaQuerySigned } from './shoplazza-api.ts';
import { subscribeShoplazzaWebhooks } from './subscribe-webhooks-shoplazza.ts';

/**
 * What the product asks a Shoplazza store for: the shop's details, customers, orders, products,
 * price rules for coupons and script tags for the storefront script.
 */
export const SHOPLAZZA_SCOPES = ['read_shop', 'read_customer', 'read_order', 'read_product', 'write_price_rules', 'write_script_tags'];

/** Where Shoplazza sends the owner back with the code; the app's redirect URL. */
export const shoplazzaCallbackPath = '/api/platforms/shoplazza/callback';
const STATE_COOKIE = 'shoplazza_app_state';
/** The owner has ten minutes on the authorize page. */
const STATE_TTL_S = 600;

type Req = FastifyRequest<{ Params: { platform: string } }>;

const refuse = (req: Req, reply: FastifyReply, status: number, code: number, key: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ code, msg: translateError(requestLocale(req), key), data: null });

/** The query as the platform signed it: one value per name, as sent. */
function signedQuery(req: Req): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.raw.url ?? '/', 'http://app').searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** The state nonce and its HMAC under the app's secret, so only this server's nonce is taken back. */
const signState = (state: string, secret: string) => `${state}.${createHmac('sha256', secret).update(`state:${state}`).digest('base64url')}`;
function stateOfCookie(req: Req, secret: string): string | null {
  const raw = String(req.headers.cookie ?? '').split(';').map((c) => c.trim()).find((c) => c.startsWith(`${STATE_COOKIE}=`));
  // The value is written unencoded (base64url and a dot); a cookie spelled otherwise is not ours.
  const value = raw ? raw.slice(STATE_COOKIE.length + 1) : '';
  const state = value.split('.')[0] ?? '';
  if (!state) return null;
  const expected = Buffer.from(signState(state, secret));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? state : null;
}
const stateCookie = (value: string, maxAge: number) =>
  `${STATE_COOKIE}=${value}; Path=${shoplazzaCallbackPath}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

/**
 * `GET /api/platforms/shoplazza/install`, the app's URL: Shoplazza opens it with
 * `hmac, install_from, shop, store_id`. The signature and the shop's name are checked, then the
 * owner goes to the shop's authorize page with a `state` nonce, kept in a signed cookie on the
 * callback's path.
 */
export async function beginShoplazzaInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const app = deps.config.platformApps.shoplazza;
  if (!app?.apiSecret) return refuse(req, reply, 409, ResultCode.FAILED, 'errors.store.platformNotConfigured');
  const query = signedQuery(req);
  const shop = query.shop ?? '';
  if (!SHOPLAZZA_DOMAIN_PATTERN.test(shop)) return refuse(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat');
  if (!shoplazzaQuerySigned(query, app.apiSecret)) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  const state = randomBytes(18).toString('base64url');
  const authorize = new URL(`${shoplazzaBase(app, shop)}/admin/oauth/authorize`);
  authorize.search = new URLSearchParams({
    client_id: app.apiKey, scope: SHOPLAZZA_SCOPES.join(' '), redirect_uri: `${deps.config.publicUrl}${shoplazzaCallbackPath}`,
    response_type: 'code', state,
  }).toString();
  return reply.status(302).header('cache-control', 'no-store').header('set-cookie', stateCookie(signState(state, app.apiSecret), STATE_TTL_S))
    .header('location', authorize.href).send();
}

/** The token endpoint's answer (form body in, JSON out). */
interface TokenAnswer { access_token?: unknown; scope?: unknown }

/**
 * `GET /api/platforms/shoplazza/callback`: the signature, the shop's name and that `state` is the
 * cookie's are checked, the code traded (once, `POST /admin/oauth/token`, form body) for the
 * token, which is sealed at once (`completeInstall`); the shop's details are read, and its
 * webhooks subscribed in the background (at Shoplazza's two requests a second the owner would
 * otherwise wait seconds). The used state cookie is cleared on its path.
 */
export async function finishShoplazzaInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const app = deps.config.platformApps.shoplazza;
  if (!app?.apiSecret) return refuse(req, reply, 409, ResultCode.FAILED, 'errors.store.platformNotConfigured');
  const query = signedQuery(req);
  const shop = query.shop ?? '';
  if (!SHOPLAZZA_DOMAIN_PATTERN.test(shop)) return refuse(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat');
  const state = stateOfCookie(req, app.apiSecret);
  if (!shoplazzaQuerySigned(query, app.apiSecret) || !state || query.state !== state || !query.code) {
    return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  }
  let answer: TokenAnswer;
  try {
    const res = await fetch(`${shoplazzaBase(app, shop)}/admin/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: app.apiKey, client_secret: app.apiSecret, code: query.code, grant_type: 'authorization_code',
        redirect_uri: `${deps.config.publicUrl}${shoplazzaCallbackPath}`,
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status >= 500) return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
    // A used or foreign code is the owner's refusal, not the platform being down.
    if (!res.ok) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    answer = (await res.json()) as TokenAnswer;
  } catch {
    return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  const token = typeof answer.access_token === 'string' ? answer.access_token : '';
  if (!token) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  let details;
  try {
    details = await readShoplazzaShop(app, shop, token);
  } catch (err) {
    req.log.warn({ err }, 'shop details not read');
    return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  const scopes = typeof answer.scope === 'string' && answer.scope ? answer.scope : SHOPLAZZA_SCOPES.join(' ');
  const done = await completeInstall(deps, { platform: 'shoplazza', shopDomain: shop, accessToken: token, scopes, details });
  const hooks = `${deps.config.publicUrl}${PLATFORM_WEBHOOK_PATH.replace(':platform', 'shoplazza')}`;
  void subscribeShoplazzaWebhooks(app, shop, token, hooks)
    .then((failed) => failed.length && req.log.warn({ failed }, 'webhook topics not subscribed'))
    .catch((err: unknown) => req.log.warn({ err }, 'webhooks not subscribed'));
  return reply.header('cache-control', 'no-store').header('set-cookie', stateCookie('', 0)).redirect(done.location, 302);
}
