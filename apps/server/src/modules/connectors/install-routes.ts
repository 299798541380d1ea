import '@shopify/shopify-api/adapters/node';
import { HttpRequestError, HttpResponseError, type Shopify } from '@shopify/shopify-api';
import { type ConnectedPlatform, CONNECTED_PLATFORMS, ResultCode, SHOPIFY_DOMAIN_PATTERN } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { readShopifyShop } from './callback-read-shop.ts';
import { completeInstall } from './callback-complete-install.ts';
import { type InstallRequest as Req, refuseInstall as refuse, signedQuery } from './check-install-request.ts';
import { shopifyCallbackPath, shopifyInstallClient } from './install-shopify-client.ts';
import { beginShoplazzaInstall, finishShoplazzaInstall } from './install-shoplazza.ts';
import { beginShoplineInstall, finishShoplineInstall } from './install-shopline.ts';
import { PLATFORM_WEBHOOK_PATH } from './receive-webhook.ts';
import { subscribeShopifyWebhooks } from './subscribe-webhooks-shopify.ts';

export const PLATFORM_INSTALL_PATH = '/api/platforms/:platform/install';
export const PLATFORM_CALLBACK_PATH = '/api/platforms/:platform/callback';

/** The library's signed `state` cookie and its signature, set on the callback path by `auth.begin`. */
const STATE_COOKIES = ['shopify_app_state', 'shopify_app_state.sig'];

/**
 * A stand-in for node's ServerResponse that the library's node adapter writes its answer to, so
 * the answer (status, the signed `state` cookie, the redirect) is sent through Fastify's reply
 * and its hooks (security headers) rather than around them.
 */
function capturedResponse() {
  const headers: Record<string, string | string[] | number> = {};
  return {
    statusCode: 200,
    statusMessage: '',
    headers,
    getHeaders: () => ({ ...headers }),
    setHeader(name: string, value: string | string[] | number) {
      headers[name.toLowerCase()] = value;
    },
    write() {},
    end() {},
  };
}

type Refusal = [status: number, code: number, key: string];

/** The platform named in the path and the server's app on it, or why the page is refused. */
function appFor(deps: Deps, req: Req): { platform: ConnectedPlatform; shopify: Shopify } | Refusal {
  const platform = CONNECTED_PLATFORMS.find((p) => p === req.params.platform);
  if (!platform) return [404, ResultCode.NOT_FOUND, 'errors.common.notFound'];
  if (!deps.config.platformApps[platform]?.apiSecret) return [409, ResultCode.FAILED, 'errors.store.platformNotConfigured'];
  // Shopify's install is here, Shoplazza's and Shopline's in install-shoplazza.ts and install-shopline.ts.
  const shopify = platform === 'shopify' ? shopifyInstallClient(deps) : null;
  if (!shopify) return [404, ResultCode.NOT_FOUND, 'errors.common.notFound'];
  if (!SHOPIFY_DOMAIN_PATTERN.test(signedQuery(req).shop ?? '')) return [400, ResultCode.INVALID, 'errors.store.shopDomainFormat'];
  return { platform, shopify };
}

/**
 * The install, outside the contract (the platform opens these pages in the owner's browser):
 * 1. `GET …/install` is the app's URL. Shopify opens it with `shop, timestamp, hmac, host`; the
 *    library checks the signature and the timestamp (90 s), then the owner goes to the shop's
 *    authorize page with a `state` nonce that the library also puts in a signed cookie.
 * 2. `GET …/callback` is where the authorize page sends the owner back: the library checks the
 *    signature and that `state` is the cookie's, and trades the code for the offline token, which
 *    is sealed at once (`completeInstall`). The shop's details are read and its webhooks subscribed.
 */
export function platformInstallRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { platform: string } }>(PLATFORM_INSTALL_PATH, async (req, reply) => {
    if (req.params.platform === 'shoplazza') return beginShoplazzaInstall(deps, req, reply);
    if (req.params.platform === 'shopline') return beginShoplineInstall(deps, req, reply);
    const found = appFor(deps, req);
    if (Array.isArray(found)) return refuse(req, reply, ...found);
    const { shopify } = found;
    const query = signedQuery(req);
    const signed = await shopify.utils.validateHmac(query as never).catch(() => false);
    if (!signed) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    const res = capturedResponse();
    await shopify.auth.begin({ shop: query.shop!, callbackPath: shopifyCallbackPath, isOnline: false, rawRequest: req.raw, rawResponse: res as never });
    // A bot is answered 410 by the library, with no redirect.
    if (res.statusCode !== 302) return refuse(req, reply, 403, ResultCode.FORBIDDEN, 'errors.common.invalid');
    for (const [name, value] of Object.entries(res.headers)) reply.header(name, value);
    return reply.status(302).header('cache-control', 'no-store').send();
  });

  app.get<{ Params: { platform: string } }>(PLATFORM_CALLBACK_PATH, async (req, reply) => {
    if (req.params.platform === 'shoplazza') return finishShoplazzaInstall(deps, req, reply);
    if (req.params.platform === 'shopline') return finishShoplineInstall(deps, req, reply);
    const found = appFor(deps, req);
    if (Array.isArray(found)) return refuse(req, reply, ...found);
    const { platform, shopify } = found;
    let granted;
    const res = capturedResponse();
    try {
      granted = await shopify.auth.callback({ rawRequest: req.raw, rawResponse: res as never });
    } catch (e) {
      // The platform down is not the owner's fault; anything else (signature, state, a used code) is a refusal.
      if (e instanceof HttpRequestError || (e instanceof HttpResponseError && e.response.code >= 500)) {
        return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
      }
      return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    }
    const { session } = granted;
    if (!session.accessToken) return refuse(req, reply, 401, ResultCode.INVALID, 'errors.common.invalid');
    let details;
    try {
      details = await readShopifyShop(shopify, session);
    } catch (err) {
      req.log.warn({ err }, 'shop details not read');
      return refuse(req, reply, 502, ResultCode.FAILED, 'errors.store.platformUnavailable');
    }
    const done = await completeInstall(deps, { platform, shopDomain: session.shop.toLowerCase(), accessToken: session.accessToken, scopes: session.scope ?? '', details });
    // Webhooks are subscribed now, while the token is at hand; those that arrive before the claim
    // are answered and dropped (no store yet), and the first sync reads everything anyway.
    const hooks = `${deps.config.publicUrl}${PLATFORM_WEBHOOK_PATH.replace(':platform', platform)}`;
    await subscribeShopifyWebhooks(shopify, session, hooks)
      .then((failed) => failed.length && req.log.warn({ failed }, 'webhook topics not subscribed'))
      .catch((err: unknown) => req.log.warn({ err }, 'webhooks not subscribed'));
    // The used `state` cookie (and its signature) is cleared on the path the library set it on:
    // its own deletion says `path=/`, which a browser keeps apart from the callback path's cookie.
    // The session cookie it sets for apps that keep their own sessions names nothing here.
    reply.header('set-cookie', STATE_COOKIES.map((name) => `${name}=; Path=${shopifyCallbackPath}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax`));
    return reply.header('cache-control', 'no-store').redirect(done.location, 302);
  });
}
