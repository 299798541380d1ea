import { type DataOf, type Locale, ResultCode, type RouteDef, translateError } from '@storecast/contract';
import { type ShopScope, shopScope } from '@storecast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, forbidden, sessionGone } from './app-error.ts';
import { refuseUnsafeInput } from './refuse-unsafe-input.ts';
import { authRateLimitHook } from './auth-rate-limit.ts';
import { requestLocale } from './locale.ts';
import { type SessionContext, resolveSession } from '../modules/auth/resolve-session.ts';
import { resolveApiToken } from '../modules/ingest/api-tokens.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<R extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: R extends RouteDef<infer B, any, any, any> ? In<B> : never;
  query: R extends RouteDef<any, infer Q, any, any> ? In<Q> : never;
  locale: Locale;
  deps: Deps;
  /** Set on user and shop routes. */
  session: R['access'] extends 'public' | 'api-token' ? null : SessionContext;
  /** Set on shop and api-token routes: the only way to touch store-owned rows. */
  scope: R['access'] extends 'shop' | 'api-token' ? ShopScope : null;
  /** Replaces the success message with a translated one. */
  setMessage(key: string): void;
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
      let session: SessionContext | null = null;
      let scope: ShopScope | null = null;
      if (route.access === 'api-token') {
        // A store's own systems: the token names the store. A bad token is a refusal (101), not
        // an ended admin session (102), so an integration is never told to sign in.
        scope = await resolveApiToken(deps.dbh.db, bearerToken(req, false));
        if (!scope) throw new AppError('errors.apiToken.invalid', 401);
      } else if (route.access !== 'public') {
        session = await resolveSession(deps, bearerToken(req, tokenInQuery));
        if (!session) throw sessionGone();
        if (route.access === 'shop') {
          if (!session.shopId || !session.role) throw forbidden('errors.store.notConnected');
          scope = shopScope(session.shopId);
        }
      }
      let msgKey = '';
      const data = await handler({
        req, reply, body, query, locale, deps, session, scope,
        setMessage: (key: string) => void (msgKey = key),
      } as unknown as RouteContext<R>);
      return { code: ResultCode.OK, msg: msgKey ? translateError(locale, msgKey) : 'ok', data: data ?? null };
    },
  });
}

/** The token comes in the Authorization header, or as `?token=` on the info call (SPEC 7). */
export function bearerToken(req: FastifyRequest, allowQuery: boolean): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  if (!allowQuery) return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : undefined;
}
