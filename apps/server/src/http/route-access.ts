import type { RouteDef } from '@storecast/contract';
import { type ShopScope, shopScope } from '@storecast/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, sessionGone } from './app-error.ts';

/** A signed-in admin as the route layer hands it to `user` and `shop` handlers. */
export interface SessionContext {
  sessionId: string;
  token: string;
  user: { id: string; email: string; mobile: string | null; name: string };
  /** The store the session acts on, or null before one is connected. */
  shopId: string | null;
  /** The user's role in that store; null when the membership is gone. */
  role: 'owner' | 'manager' | null;
}

/** The store a storefront request names by its public key (`access: 'storefront'`). */
export interface StorefrontStore {
  scope: ShopScope;
  name: string;
  /** Origins whose pages may call the store's storefront routes (CORS). */
  origins: string[];
  /** Any loopback origin is the store's too: its homepage is itself on loopback (development). */
  loopback: boolean;
}

/**
 * How a bearer token becomes a caller. The composition root (app.ts) supplies them from the
 * modules that own sessions and API tokens, so the route layer depends on no module.
 */
export interface AccessResolvers {
  session(token: string | undefined): Promise<SessionContext | null>;
  /** The store a store API token acts for (`access: 'api-token'`). */
  apiToken(token: string | undefined): Promise<ShopScope | null>;
  /** The store of a storefront public key (`pk_…`), or null for none. */
  storefrontKey(key: string): Promise<StorefrontStore | null>;
  /** Records a signed-in user's successful write on a store (the activity log); absent, nothing is recorded. */
  recordWrite?(write: StoreWrite): Promise<void>;
  /** The effective membership level of a store; absent (payments not configured), membership gates nothing. */
  membershipLevel?(shopId: string): Promise<number>;
  /** Whether a token is the operator's (`access: 'operator'`); absent (no OPERATOR_TOKEN), such routes are refused. */
  operator?(token: string | undefined): boolean;
}

/** A successful non-GET `shop` route call, as the activity log records it. */
export interface StoreWrite {
  route: RouteDef;
  session: SessionContext;
  scope: ShopScope;
  body: unknown;
  data: unknown;
}

const ACCESS = Symbol('accessResolvers');
declare module 'fastify' {
  interface FastifyInstance {
    [ACCESS]: AccessResolvers;
  }
}

/** Called once by the composition root, before any route is registered. */
export function provideAccess(app: FastifyInstance, resolvers: AccessResolvers) {
  app.decorate(ACCESS, resolvers);
}

export function accessResolvers(app: FastifyInstance): AccessResolvers {
  const resolvers = app[ACCESS];
  if (!resolvers) throw new Error('provideAccess() must run before routes are registered');
  return resolvers;
}

export interface Caller {
  session: SessionContext | null;
  /** Set for `shop` and `api-token` access: the only way to touch store-owned rows. */
  scope: ShopScope | null;
}

/**
 * The one check of who may call a route of the given access: contract routes and the file
 * downloads outside the contract both go through it.
 */
export async function resolveCaller(resolvers: AccessResolvers, access: RouteDef['access'], token: string | undefined): Promise<Caller> {
  // Storefront routes name their store by the public key in their input, checked before this
  // (storefront-access.ts), not by a token.
  if (access === 'public' || access === 'storefront') return { session: null, scope: null };
  if (access === 'operator') {
    if (!resolvers.operator) throw forbidden('errors.operator.disabled');
    if (!resolvers.operator(token)) throw new AppError('errors.operator.invalid', 401);
    return { session: null, scope: null };
  }
  if (access === 'api-token') {
    // A store's own systems: the token names the store. A bad token is a refusal (101), not an
    // ended admin session (102), so an integration is never told to sign in.
    const scope = await resolvers.apiToken(token);
    if (!scope) throw new AppError('errors.apiToken.invalid', 401);
    return { session: null, scope };
  }
  const session = await resolvers.session(token);
  if (!session) throw sessionGone();
  if (access !== 'shop') return { session, scope: null };
  if (!session.shopId || !session.role) throw forbidden('errors.store.notConnected');
  return { session, scope: shopScope(session.shopId) };
}

/**
 * The store of a signed-in request outside the contract (file downloads), checked as a `shop`
 * route is; `ownerOnly` refuses managers as such a route does (invoices).
 */
export async function requireShopScope(app: FastifyInstance, req: FastifyRequest, opts: { ownerOnly?: boolean } = {}): Promise<ShopScope> {
  const { session, scope } = await resolveCaller(accessResolvers(app), 'shop', bearerToken(req, false));
  if (opts.ownerOnly && session?.role !== 'owner') throw forbidden('errors.access.ownerOnly');
  return scope as ShopScope;
}

/** The token comes in the Authorization header, or as `?token=` on the info call (SPEC 7). */
export function bearerToken(req: FastifyRequest, allowQuery: boolean): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  if (!allowQuery) return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : undefined;
}
