import type { z } from 'zod';
import type { MembershipFeature } from '../billing/membership-features.ts';

/**
 * Who may call a route:
 * - public: anyone (login, register, verification codes, health);
 * - user: a signed-in user, with or without a connected store;
 * - shop: a signed-in user acting on the store selected in their session. Every read and write
 *   of such a route is scoped to that store; the cross-store test enumerates these routes;
 * - api-token: the store's own systems, with a store API token; scoped to that token's store;
 * - storefront: the storefront script on a shopper's browser; the store is named by the public
 *   key in the query or body, answers carry CORS headers only for the store's own origins, and
 *   rate limits count per client address and per store;
 * - operator: whoever runs the server, with its `OPERATOR_TOKEN`; refused when that is not set.
 */
export type RouteAccess = 'public' | 'user' | 'shop' | 'api-token' | 'storefront' | 'operator';

export interface RouteDef<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends RouteAccess = RouteAccess,
> {
  method: 'GET' | 'POST';
  /** Path under the API prefix `/api`, named as in SPEC section 7. */
  path: string;
  access: A;
  /** OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  body?: B;
  query?: Q;
  /** Schema of `data` in the success envelope. */
  data: R;
  /**
   * `shop` routes only: the store's owner alone may call it; a manager is refused (403). Billing,
   * access management and every delete are the owner's (apps/server/src/modules/access/README.md).
   */
  ownerOnly?: true;
  /** `shop` routes only: the membership feature it needs (billing/membership-features.ts). */
  feature?: MembershipFeature;
}

export function defineRoute<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
  A extends RouteAccess,
>(def: RouteDef<B, Q, R, A>): RouteDef<B, Q, R, A> {
  return def;
}

export type BodyOf<T> = T extends { body?: infer B } ? (B extends z.ZodType ? z.input<B> : never) : never;
export type QueryOf<T> = T extends { query?: infer Q } ? (Q extends z.ZodType ? z.input<Q> : never) : never;
export type DataOf<T> = T extends { data: infer R extends z.ZodType } ? z.output<R> : never;
