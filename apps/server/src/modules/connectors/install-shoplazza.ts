import { ResultCode } from '@storecast/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { completeInstall } from './callback-complete-install.ts';
import { configuredApp, installState, type InstallRequest as Req, refuseInstall, signedQuery } from './check-install-request.ts';
import { readShoplazzaShop } from './read-shop-shoplazza.ts';
import { shoplazzaIssued } from './refresh-platform-token.ts';
import { PLATFORM_WEBHOOK_PATH } from './receive-webhook.ts';
import { SHOPLAZZA_DOMAIN_PATTERN, shoplazzaBase, shoplazzaQuerySigned } from './shoplazza-api.ts';
import { subscribeShoplazzaWebhooks } from './subscribe-webhooks-shoplazza.ts';

/**
 * What the product asks a Shoplazza store for: the shop's details, customers, orders, products,
 * price rules for coupons, script tags for the storefront script, and the themes, to read whether
 * the theme's app embed is on.
 * A scope added here must say in find-missing-scopes.ts what an owner loses without it: stores
 * installed before it are told so and asked to reauthorise.
 */
export const SHOPLAZZA_SCOPES = [
  'read_shop', 'read_customer', 'read_order', 'read_product', 'write_price_rules', 'write_script_tags', 'read_themes',
] as const;

/** Where Shoplazza sends the owner back with the code; the app's redirect URL. */
export const shoplazzaCallbackPath = '/api/platforms/shoplazza/callback';
const state = installState('shoplazza_app_state', shoplazzaCallbackPath);

/**
 * `GET /api/platforms/shoplazza/install`, the app's URL: Shoplazza opens it with
 * `hmac, install_from, shop, store_id`. The signature and the shop's name are checked, then the
 * owner goes to the shop's authorize page with a `state` nonce, kept in a signed cookie on the
 * callback's path.
 */
export async function beginShoplazzaInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const checked = configuredApp(deps, req, reply, 'shoplazza');
  if ('refused' in checked) return checked.refused;
  const { app } = checked;
  const query = signedQuery(req);
  const shop = query.shop ?? '';
  if (!SHOPLAZZA_DOMAIN_PATTERN.test(shop)) return refuseInstall(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat');
  if (!shoplazzaQuerySigned(query, app.apiSecret)) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  const nonce = state.issue(app.apiSecret);
  const authorize = new URL(`${shoplazzaBase(app, shop)}/admin/oauth/authorize`);
  authorize.search = new URLSearchParams({
    client_id: app.apiKey, scope: SHOPLAZZA_SCOPES.join(' '), redirect_uri: `${deps.config.publicUrl}${shoplazzaCallbackPath}`,
    response_type: 'code', state: nonce.state,
  }).toString();
  return reply.status(302).header('cache-control', 'no-store').header('set-cookie', nonce.setCookie).header('location', authorize.href).send();
}

/**
 * `GET /api/platforms/shoplazza/callback`: the signature, the shop's name and that `state` is the
 * cookie's are checked, the code traded (once, `POST /admin/oauth/token`, form body) for the
 * token, which is sealed at once (`completeInstall`); the shop's details are read, and its
 * webhooks subscribed in the background (at Shoplazza's two requests a second the owner would
 * otherwise wait seconds). The used state cookie is cleared on its path.
 */
export async function finishShoplazzaInstall(deps: Deps, req: Req, reply: FastifyReply) {
  const checked = configuredApp(deps, req, reply, 'shoplazza');
  if ('refused' in checked) return checked.refused;
  const { app } = checked;
  const query = signedQuery(req);
  const shop = query.shop ?? '';
  if (!SHOPLAZZA_DOMAIN_PATTERN.test(shop)) return refuseInstall(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat');
  const nonce = state.read(req, app.apiSecret);
  if (!shoplazzaQuerySigned(query, app.apiSecret) || !nonce || query.state !== nonce || !query.code) {
    return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  }
  let issued;
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
    if (res.status >= 500) return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
    // A used or foreign code is the owner's refusal, not the platform being down.
    if (!res.ok) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    issued = shoplazzaIssued((await res.json()) as Record<string, unknown>);
  } catch {
    return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  if (!issued) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  const token = issued.accessToken;
  let details;
  try {
    details = await readShoplazzaShop(app, shop, token);
  } catch (err) {
    req.log.warn({ err }, 'shop details not read');
    return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  const scopes = issued.scope || SHOPLAZZA_SCOPES.join(' ');
  const done = await completeInstall(deps, {
    platform: 'shoplazza', shopDomain: shop, accessToken: token, scopes, details, refreshToken: issued.refreshToken, tokenExpiresAt: issued.expiresAt,
  });
  const hooks = `${deps.config.publicUrl}${PLATFORM_WEBHOOK_PATH.replace(':platform', 'shoplazza')}`;
  void subscribeShoplazzaWebhooks(app, shop, token, hooks)
    .then((failed) => failed.length && req.log.warn({ failed }, 'webhook topics not subscribed'))
    .catch((err: unknown) => req.log.warn({ err }, 'webhooks not subscribed'));
  return reply.header('cache-control', 'no-store').header('set-cookie', state.cleared()).redirect(done.location, 302);
}
