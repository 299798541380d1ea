import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { completeInstall } from './callback-complete-install.ts';
import { readShoplineShop } from './read-shop-shopline.ts';
import { PLATFORM_WEBHOOK_PATH } from './receive-webhook.ts';
import {
  SHOPLINE_HANDLE_PATTERN, shoplineBase, shoplineBodySign, shoplineDomain, shoplineQuerySigned, shoplineTimestampFresh,
} from './shopline-api.ts';
import { subscribeShoplineWebhooks } from './subscribe-webhooks-shopline.ts';

/** What the product asks a Shopline store for: customers, orders, products and price rules for coupons. */
export const SHOPLINE_SCOPES = ['read_customers', 'read_orders', 'read_products', 'write_price_rules', 'read_price_rules'];

/** Where Shopline sends the owner back with the code; the app's callback URL. */
export const shoplineCallbackPath = '/api/platforms/shopline/callback';
const STATE_COOKIE = 'shopline_app_state';
const STATE_TTL_S = 600;

type Req = FastifyRequest<{ Params: { platform: string } }>;

const refuse = (req: Req, reply: FastifyReply, status: number, code: number, key: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ code, msg: translateError(requestLocale(req), key), data: null });

function signedQuery(req: Req): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.raw.url ?? '/', 'http://app').searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** The state nonce and its HMAC under the app's secret, so only this server's nonce is taken back. */
const signState = (state: string, secret: string) => `${state}.${createHmac('sha256', secret).update(`state:${state}`).digest('base64url')}`;
function stateOfCookie(req: Req, secret: string): string | null {
  const raw = String(req.headers.cookie ?? '').split(';').map((c) => c.trim()).find((c) => c.startsWith(`${STATE_COOKIE}=`));
  const value = raw ? raw.slice(STATE_COOKIE.length + 1) : '';
  const state = value.split('.')[0] ?? '';
  if (!state) return null;
  const expected = Buffer.from(signState(state, secret));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? state : null;
}
const stateCookie = (value: string, maxAge: number) =>
  `${STATE_COOKIE}=${value}; Path=${shoplineCallbackPath}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

/** What both pages check first: the app, the store's handle, this app's key, the signature and its ten minutes. */
function checkSigned(deps: Deps, req: Req, reply: FastifyReply) {
  const app = deps.config.platformApps.shopline;
  if (!app?.apiSecret) return { refused: refuse(req, reply, 409, ResultCode.FAILED, 'errors.store.platformNotConfigured') };
  const query = signedQuery(req);
  const handle = query.handle ?? '';
  if (!SHOPLINE_HANDLE_PATTERN.test(handle)) return { refused: refuse(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat') };
  if (query.appkey !== app.apiKey || !shoplineTimestampFresh(query.timestamp) || !shoplineQuerySigned(query, app.apiSecret)) {
    return { refused: refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid') };
  }
  return { app, query, handle };
}

/**
 * `GET /api/platforms/shopline/install`, the app's URL: Shopline opens it with `appkey, handle,
 * lang, timestamp, sign`. Then the owner goes to the store's authorize page
 * (`/admin/oauth-web/#/oauth/authorize`, its parameters in the fragment) with a `state` nonce in
 * `customField`, which Shopline sends back as it is; the nonce is kept in a signed cookie on the
 * callback's path.
 */
export async function beginShoplineInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const checked = checkSigned(deps, req, reply);
  if ('refused' in checked) return checked.refused;
  const { app, handle } = checked;
  const state = randomBytes(18).toString('base64url');
  const params = new URLSearchParams({
    appKey: app.apiKey, responseType: 'code', scope: SHOPLINE_SCOPES.join(','), redirectUri: `${deps.config.publicUrl}${shoplineCallbackPath}`,
    customField: state,
  });
  return reply.status(302).header('cache-control', 'no-store').header('set-cookie', stateCookie(signState(state, app.apiSecret), STATE_TTL_S))
    .header('location', `${shoplineBase(app, handle)}/admin/oauth-web/#/oauth/authorize?${params}`).send();
}

/** The token endpoint's answer: `{ code, message, data: { accessToken, expireTime, scope } }`. */
interface TokenAnswer { data?: { accessToken?: unknown; scope?: unknown } }

/**
 * `GET /api/platforms/shopline/callback` (`appkey, code, customField, handle, lang, timestamp,
 * sign`): the signature, the handle and that `customField` is the cookie's state are checked, the
 * code traded once (`POST /admin/oauth/token/create`, JSON `{"code"}`, headers `appkey`,
 * `timestamp` and `sign` over the body and the timestamp) for the token, which is sealed at once
 * (`completeInstall`). The store is read, its webhooks subscribed in the background.
 */
export async function finishShoplineInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const checked = checkSigned(deps, req, reply);
  if ('refused' in checked) return checked.refused;
  const { app, query, handle } = checked;
  const state = stateOfCookie(req, app.apiSecret);
  if (!state || query.customField !== state || !query.code) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  let answer: TokenAnswer;
  try {
    const body = JSON.stringify({ code: query.code });
    const timestamp = String(Date.now());
    const res = await fetch(`${shoplineBase(app, handle)}/admin/oauth/token/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', appkey: app.apiKey, timestamp, sign: shoplineBodySign(body, timestamp, app.apiSecret) },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status >= 500) return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
    if (!res.ok) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    answer = (await res.json()) as TokenAnswer;
  } catch {
    return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  // A used or foreign code is answered 200 with an error code and no data.
  const token = typeof answer.data?.accessToken === 'string' ? answer.data.accessToken : '';
  if (!token) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  let details;
  try {
    details = await readShoplineShop(app, handle, token);
  } catch (err) {
    req.log.warn({ err }, 'shop details not read');
    return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  const scopes = typeof answer.data?.scope === 'string' && answer.data.scope ? answer.data.scope : SHOPLINE_SCOPES.join(',');
  const done = await completeInstall(deps, { platform: 'shopline', shopDomain: shoplineDomain(handle), accessToken: token, scopes, details });
  const hooks = `${deps.config.publicUrl}${PLATFORM_WEBHOOK_PATH.replace(':platform', 'shopline')}`;
  void subscribeShoplineWebhooks(app, handle, token, hooks)
    .then((failed) => failed.length && req.log.warn({ failed }, 'webhook topics not subscribed'))
    .catch((err: unknown) => req.log.warn({ err }, 'webhooks not subscribed'));
  return reply.header('cache-control', 'no-store').header('set-cookie', stateCookie('', 0)).redirect(done.location, 302);
}
