import { ResultCode, SHOPPER_LANGUAGES } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Deps } from '../deps.ts';
import { AppError, forbidden, tooMany } from './app-error.ts';
import { chooseLocale } from './locale.ts';
import { accessResolvers, type StorefrontStore } from './route-access.ts';

/**
 * The route layer's part of `access: 'storefront'` (the storefront script on a shopper's page):
 * - the store is named by the public key in the query or body, never by a token;
 * - CORS: an answer carries Access-Control-Allow-Origin only for the store's own origins, and a
 *   request from another origin is refused (403) before anything is read or written; requests
 *   without an Origin header (servers, curl) pass, as CORS protects browsers only;
 * - bodies come as JSON or as text/plain JSON (sendBeacon, and a fetch that needs no preflight),
 *   at most 64 KB;
 * - two request budgets counted apart: per client address across stores, and per store.
 * Answers about the key itself (malformed, unknown) carry `*`: they hold no store data, and the
 * script can then show the owner who pasted a wrong key why nothing appears. So do the refusals
 * met before the key is read (the client address's 429, a malformed or oversize body), so the
 * script can read them and back off; only the refusal of another origin (403) stays unreadable.
 */

export const STOREFRONT_BODY_LIMIT = 64 * 1024;
const PUBLIC_KEY_RE = /^pk_[0-9a-f]{32}$/;

export interface StorefrontGuard {
  /** The client address's budget, before anything else is looked at. */
  perClient: preHandlerAsyncHookHandler;
  /** Resolves the key, refuses another origin, sets the CORS headers, spends the store's budget. */
  admit(req: FastifyRequest, reply: FastifyReply): Promise<StorefrontStore>;
}

const guards = new WeakMap<FastifyInstance, StorefrontGuard>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A storefront route: its text/plain bodies are JSON. */
    storefront?: boolean;
  }
}

/** One guard per app: the budgets are shared by every storefront route. */
export function storefrontGuard(app: FastifyInstance, deps: Deps): StorefrontGuard {
  const known = guards.get(app);
  if (known) return known;
  const resolvers = accessResolvers(app);
  const { ip, store, windowMs } = deps.config.storefrontRateLimit;
  const stores = new WeakMap<FastifyRequest, string>();
  const perIp = app.createRateLimit({ max: ip, timeWindow: windowMs, keyGenerator: (req) => `storefront|ip|${req.ip}` });
  const perStore = app.createRateLimit({ max: store, timeWindow: windowMs, keyGenerator: (req) => `storefront|store|${stores.get(req) ?? ''}` });
  const refuseWhenOver = (r: Awaited<ReturnType<typeof perIp>>) => {
    if (!r.isAllowed && r.isExceeded) {
      throw tooMany(r.ttl, 'errors.storefront.tooMany');
    }
  };
  acceptTextPlainJson(app);
  readableRefusals(app);
  const guard: StorefrontGuard = {
    perClient: async (req) => {
      const lang = bodyField(req.body, 'language');
      if ((SHOPPER_LANGUAGES as readonly unknown[]).includes(lang)) chooseLocale(req, lang as (typeof SHOPPER_LANGUAGES)[number]);
      refuseWhenOver(await perIp(req));
    },
    admit: async (req, reply) => {
      reply.header('vary', 'Origin');
      const found = await storeOf(resolvers.storefrontKey, req, reply);
      const origin = req.headers.origin;
      if (origin !== undefined) {
        if (!originAllowed(found, origin)) throw forbidden('errors.storefront.origin');
        reply.header('access-control-allow-origin', origin);
      }
      stores.set(req, found.scope.shopId);
      refuseWhenOver(await perStore(req));
      return found;
    },
  };
  guards.set(app, guard);
  return guard;
}

/**
 * Answers the browser's preflight for one storefront path. A preflight carries no body, so the
 * store is known only from `?key=`; the script sends its POSTs as text/plain, which needs none.
 */
export function answerStorefrontPreflight(app: FastifyInstance, path: string) {
  const resolvers = accessResolvers(app);
  app.options(path, { config: { storefront: true } }, async (req, reply) => {
    reply.header('vary', 'Origin');
    const found = await storeOf(resolvers.storefrontKey, req, reply);
    const origin = req.headers.origin;
    if (origin === undefined || !originAllowed(found, origin)) throw forbidden('errors.storefront.origin');
    return reply.status(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .send();
  });
}

/** Whether a page of `origin` may call the store's routes. */
export function originAllowed(store: StorefrontStore, origin: string): boolean {
  if (store.origins.includes(origin)) return true;
  return store.loopback && isLoopbackOrigin(origin);
}

export function isLoopbackOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

async function storeOf(resolve: (key: string) => Promise<StorefrontStore | null>, req: FastifyRequest, reply: FastifyReply) {
  const fromBody = bodyField(req.body, 'key');
  const fromQuery = bodyField(req.query, 'key');
  const key = fromBody ?? fromQuery;
  const bad = typeof key !== 'string' || !PUBLIC_KEY_RE.test(key) || (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery);
  if (bad) {
    reply.header('access-control-allow-origin', '*');
    throw new AppError('errors.storefront.key', 400, ResultCode.INVALID);
  }
  const found = await resolve(key);
  if (!found) {
    reply.header('access-control-allow-origin', '*');
    throw new AppError('errors.storefront.unknownKey', 404, ResultCode.NOT_FOUND);
  }
  return found;
}

/** Storefront refusals that name no store (see above) carry `*` when nothing set the header. */
function readableRefusals(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.config?.storefront && reply.statusCode >= 400 && reply.statusCode !== 403
      && !reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
    return payload;
  });
}

const bodyField = (v: unknown, name: string): unknown =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;

/**
 * text/plain bodies of storefront routes are JSON. The parser belongs to the whole instance, so
 * other routes keep Fastify's own behaviour (the body as a string).
 */
function acceptTextPlainJson(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, body, done) => {
    if (!req.routeOptions.config?.storefront) return done(null, body);
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not JSON'), { statusCode: 400 }), undefined);
    }
  });
}
