import type { SessionUser } from '@storecast/contract';
import { loginPath } from '../../shared/session/login-path.ts';

/**
 * Who may open a route:
 * - public: anyone (/login, /register);
 * - signed-in-without-store: a token is enough (/connect/plat, where a store gets connected);
 * - signed-in: a token, a user-info check that succeeded, and a connected store;
 *   a route marked ownerOnly also needs the user to own that store (managers read why not).
 */
export type RouteAccess = 'public' | 'signed-in' | 'signed-in-without-store';

export type UserCheck =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'ok'; user: Pick<SessionUser, 'shop_id' | 'platform' | 'install_status'> & { manager_info?: Pick<SessionUser['manager_info'], 'manager_role'> } };

export interface AccessInput {
  /** Path and query of the page asked for, e.g. "/store/vip-plan?x=1". */
  path: string;
  /** Access of the matched route; null when no route matches. */
  access: RouteAccess | null;
  hasToken: boolean;
  user: UserCheck;
  /** The route is the store owner's only (billing, access management). */
  ownerOnly?: boolean;
}

export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  /** The user-info check failed: reset the token, say so, and go to sign-in. */
  | { kind: 'verify-failed'; to: string }
  /** A manager opened a page only the store's owner uses: say so instead of failing its calls. */
  | { kind: 'owner-only' };

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/** True when shop id, platform and install status are all empty: no store is connected yet. */
export function hasNoStore(user: Pick<SessionUser, 'shop_id' | 'platform' | 'install_status'>): boolean {
  return isEmpty(user.shop_id) && isEmpty(user.platform) && isEmpty(user.install_status);
}

/** The access rule of SPEC section 2, as a pure function of what the guard knows. */
export function decideAccess({ path, access, hasToken, user, ownerOnly }: AccessInput): AccessDecision {
  if (access === 'public') return { kind: 'render' };
  if (!hasToken) return { kind: 'redirect', to: loginPath(path) };
  if (access === null) return { kind: 'redirect', to: '/404' };
  if (access === 'signed-in-without-store') return { kind: 'render' };
  if (user.status === 'pending') return { kind: 'wait' };
  if (user.status === 'error') return { kind: 'verify-failed', to: loginPath(path) };
  if (hasNoStore(user.user)) return { kind: 'redirect', to: '/connect/plat' };
  if (ownerOnly && user.user.manager_info?.manager_role === 'manager') return { kind: 'owner-only' };
  return { kind: 'render' };
}
