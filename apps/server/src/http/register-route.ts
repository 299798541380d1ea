import { type DataOf, type Locale, ResultCode, type RouteDef, translateError } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { refuseUnsafeInput } from './refuse-unsafe-input.ts';
import { authRateLimitHook } from './auth-rate-limit.ts';
import { requestLocale } from './locale.ts';
import { accessResolvers, bearerToken, resolveCaller, type SessionContext } from './route-access.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<R extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: R extends { body?: infer B } ? In<B> : never;
  query: R extends { query?: infer Q } ? In<Q> : never;
  locale: Locale;
  deps: Deps;
  /** Set on user and shop routes. */
  session: R['access'] extends 'public' | 'api-token' ? null : SessionContext;
  /** Set on shop and api-token routes: the only way to touch store-owned rows. */
  scope: R['access'] extends 'shop' | 'api-token' ? ShopScope : null;
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
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    ...(limit ? { preHandler: authRateLimitHook(app, deps, route.path, limit.keyFields ?? []) } : {}),
    handler: async (req, reply) => {
      const locale = requestLocale(req);
      // NUL, lone surrogates and absurd nesting are refused for every route before its schema
      // runs; a batch route looks at each of its items instead, so one bad item costs only itself.
      if (!options.ownBodyCheck) refuseUnsafeInput(req.body);
      refuseUnsafeInput(req.query);
      const body = route.body && !options.ownBodyCheck ? await route.body.parseAsync(req.body ?? {}) : (req.body ?? {});
      const query = route.query ? await route.query.parseAsync(req.query ?? {}) : undefined;
      const { session, scope } = await resolveCaller(resolvers, route.access, bearerToken(req, tokenInQuery));
      let msgKey = '';
      let msgParams: Record<string, string | number> = {};
      const data = await handler({
        req, reply, body, query, locale, deps, session, scope,
        setMessage: (key: string, params: Record<string, string | number> = {}) => void ((msgKey = key), (msgParams = params)),
      } as unknown as RouteContext<R>);
      return { code: ResultCode.OK, msg: msgKey ? translateError(locale, msgKey, msgParams) : 'ok', data: data ?? null };
    },
  });
}
