import { type DataOf, type Locale, ResultCode, type RouteDef, translateError } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { checkStorePermission } from './check-store-permission.ts';
import { refuseUnacceptedBody } from './refuse-unaccepted-body.ts';
import { refuseUnsafeInput } from './refuse-unsafe-input.ts';
import { authRateLimitHook } from './auth-rate-limit.ts';
import { requestLocale } from './locale.ts';
import { accessResolvers, bearerToken, resolveCaller, type SessionContext, type StorefrontStore } from './route-access.ts';
import { answerStorefrontPreflight, STOREFRONT_BODY_LIMIT, storefrontGuard } from './storefront-access.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<R extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: R extends { body?: infer B } ? In<B> : never;
  query: R extends { query?: infer Q } ? In<Q> : never;
  locale: Locale;
  deps: Deps;
  /** Set on user and shop routes. */
  session: R['access'] extends 'public' | 'api-token' | 'storefront' ? null : SessionContext;
  /** Set on shop, api-token and storefront routes: the only way to touch store-owned rows. */
  scope: R['access'] extends 'shop' | 'api-token' | 'storefront' ? ShopScope : null;
  /** Set on storefront routes: the store the public key names. */
  store: R['access'] extends 'storefront' ? StorefrontStore : null;
  /** Replaces the success message with a translated one (placeholders filled from `params`). */
  setMessage(key: string, params?: Record<string, string | number>): void;
}

export interface RouteOptions {
  /**
   * Sign-in style budgets (`AUTH_RATE_LIMIT*`): per client, and apart from it per the first
   * present `keyFields` of the body (an account, or a phone for code sign-in).
   */
  rateLimit?: { keyFields?: string[] };
  /**
   * The handler checks the body itself (`ctx.body` is the raw JSON). Ingestion does: it keeps
   * the good items of a batch and reports the bad ones by index instead of refusing all.
   */
  ownBodyCheck?: boolean;
}

/** Every registered route, so tests can enumerate them (the cross-store test does). */
export const REGISTERED = Symbol('registeredRoutes');
declare module 'fastify' {
  interface FastifyInstance {
    [REGISTERED]: RouteDef[];
  }
}

/**
 * Registers one contract route: validates input with the contract's schema, resolves the
 * session for its access level, scopes store routes to the session's store, and wraps the
 * result in the envelope. Handlers only see parsed input and return `data`.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  deps: Deps,
  route: R,
  handler: (ctx: RouteContext<R>) => Promise<DataOf<R>>,
  options: RouteOptions = {},
) {
  if (!app[REGISTERED]) app.decorate(REGISTERED, []);
  app[REGISTERED].push(route);
  const resolvers = accessResolvers(app);
  const limit = options.rateLimit;
  // Only routes whose contract declares a `token` query parameter (info, SPEC 7) take the token
  // from the URL; everywhere else it would end up in access logs and Referer headers.
  const tokenInQuery = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape?.token !== undefined;
  // The storefront script's routes: small bodies (text/plain JSON too), CORS, their own budgets.
  const storefront = route.access === 'storefront' ? storefrontGuard(app, deps) : null;
  if (storefront) answerStorefrontPreflight(app, `/api${route.path}`);
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    ...(limit ? { preHandler: authRateLimitHook(app, deps, route.path, limit.keyFields ?? []) } : {}),
    ...(storefront ? { preHandler: storefront.perClient, bodyLimit: STOREFRONT_BODY_LIMIT, config: { storefront: true } } : {}),
    handler: async (req, reply) => {
      if (route.body) refuseUnacceptedBody(req, storefront !== null);
      // Then the store and its origin, so that even a refusal of the input can be read by the store's own page.
      const store = storefront ? await storefront.admit(req, reply) : null;
      const locale = requestLocale(req);
      // NUL, lone surrogates and absurd nesting are refused for every route before its schema
      // runs; a batch route looks at each of its items instead, so one bad item costs only itself.
      if (!options.ownBodyCheck) refuseUnsafeInput(req.body);
      refuseUnsafeInput(req.query);
      const body = route.body && !options.ownBodyCheck ? await route.body.parseAsync(req.body ?? {}) : (req.body ?? {});
      const query = route.query ? await route.query.parseAsync(req.query ?? {}) : undefined;
      const caller = await resolveCaller(resolvers, route.access, bearerToken(req, tokenInQuery));
      const session = caller.session;
      const scope = store ? store.scope : caller.scope;
      if (route.access === 'shop' && session && scope) await checkStorePermission(resolvers, route, session, scope.shopId);
      let msgKey = '';
      let msgParams: Record<string, string | number> = {};
      const data = await handler({
        req, reply, body, query, locale, deps, session, scope, store,
        setMessage: (key: string, params: Record<string, string | number> = {}) => void ((msgKey = key), (msgParams = params)),
      } as unknown as RouteContext<R>);
      // Every write of an admin user on a store is recorded once, here, whatever the module.
      if (route.access === 'shop' && route.method !== 'GET' && resolvers.recordWrite && session && scope) {
        await resolvers.recordWrite({ route, session, scope, body, data }).catch((err: unknown) => req.log.error({ err }, 'activity log not recorded'));
      }
      return { code: ResultCode.OK, msg: msgKey ? translateError(locale, msgKey, msgParams) : 'ok', data: data ?? null };
    },
  });
}
