import { ResultCode } from '@storecast/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { completeInstall } from './callback-complete-install.ts';
import { configuredApp, installState, type InstallRequest as Req, refuseInstall, signedQuery } from './check-install-request.ts';
import { readShoplineShop } from './read-shop-shopline.ts';
import { shoplineIssued } from './refresh-platform-token.ts';
import { PLATFORM_WEBHOOK_PATH } from './receive-webhook.ts';
import {
  SHOPLINE_HANDLE_PATTERN, shoplineBase, shoplineBodySign, shoplineDomain, shoplineQuerySigned, shoplineTimestampFresh,
} from './shopline-api.ts';
import { subscribeShoplineWebhooks } from './subscribe-webhooks-shopline.ts';

/**
 * What the product asks a Shopline store for: customers, orders, products, discounts for coupons
 * (`write_discounts`, which its discount-code pages require, and `write_price_rules`, which
 * updating and deleting a price rule require), script tags, and the theme list (`read_content`)
 * and its files (`read_themes`), to read whether the storefront script's app embed is on.
 * A scope added here must say in find-missing-scopes.ts what an owner loses without it: stores
 * installed before it are told so and asked to reauthorise.
 */
export const SHOPLINE_SCOPES = [
  'read_customers', 'read_orders', 'read_products', 'write_discounts', 'write_price_rules', 'read_script_tags', 'read_content', 'read_themes',
] as const;

/** Where Shopline sends the owner back with the code; the app's callback URL. */
export const shoplineCallbackPath = '/api/platforms/shopline/callback';
const state = installState('shopline_app_state', shoplineCallbackPath);

/** What both pages check first: the app, the store's handle, this app's key, the signature and its ten minutes. */
function checkSigned(deps: Deps, req: Req, reply: FastifyReply) {
  const checked = configuredApp(deps, req, reply, 'shopline');
  if ('refused' in checked) return checked;
  const { app } = checked;
  const query = signedQuery(req);
  const handle = query.handle ?? '';
  if (!SHOPLINE_HANDLE_PATTERN.test(handle)) return { refused: refuseInstall(req, reply, 400, ResultCode.INVALID, 'errors.store.shopDomainFormat') };
  if (query.appkey !== app.apiKey || !shoplineTimestampFresh(query.timestamp) || !shoplineQuerySigned(query, app.apiSecret)) {
    return { refused: refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid') };
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
  const nonce = state.issue(app.apiSecret);
  const params = new URLSearchParams({
    appKey: app.apiKey, responseType: 'code', scope: SHOPLINE_SCOPES.join(','), redirectUri: `${deps.config.publicUrl}${shoplineCallbackPath}`,
    customField: nonce.state,
  });
  return reply.status(302).header('cache-control', 'no-store').header('set-cookie', nonce.setCookie)
    .header('location', `${shoplineBase(app, handle)}/admin/oauth-web/#/oauth/authorize?${params}`).send();
}

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
  const nonce = state.read(req, app.apiSecret);
  if (!nonce || query.customField !== nonce || !query.code) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  let issued;
  try {
    const body = JSON.stringify({ code: query.code });
    const timestamp = String(Date.now());
    const res = await fetch(`${shoplineBase(app, handle)}/admin/oauth/token/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', appkey: app.apiKey, timestamp, sign: shoplineBodySign(body, timestamp, app.apiSecret) },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status >= 500) return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
    if (!res.ok) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    // A used or foreign code is answered 200 with an error code and no data.
    issued = shoplineIssued((await res.json()) as { data?: Record<string, unknown> });
  } catch {
    return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  if (!issued) return refuseInstall(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
  const token = issued.accessToken;
  let details;
  try {
    details = await readShoplineShop(app, handle, token);
  } catch (err) {
    req.log.warn({ err }, 'shop details not read');
    return refuseInstall(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
  }
  const scopes = issued.scope || SHOPLINE_SCOPES.join(',');
  const done = await completeInstall(deps, {
    platform: 'shopline', shopDomain: shoplineDomain(handle), accessToken: token, scopes, details, tokenExpiresAt: issued.expiresAt,
  });
  const hooks = `${deps.config.publicUrl}${PLATFORM_WEBHOOK_PATH.replace(':platform', 'shopline')}`;
  void subscribeShoplineWebhooks(app, handle, token, hooks)
    .then((failed) => failed.length && req.log.warn({ failed }, 'webhook topics not subscribed'))
    .catch((err: unknown) => req.log.warn({ err }, 'webhooks not subscribed'));
  return reply.header('cache-control', 'no-store').header('set-cookie', state.cleared()).redirect(done.location, 302);
}
