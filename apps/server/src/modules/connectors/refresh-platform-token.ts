import { platformConnections, shopScope, shops } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { PlatformAppConfig } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import type { PlatformCredential } from './call-platform-api.ts';
import { openToken, sealToken, tokenContext } from './channel-shop-token.ts';
import { shoplazzaBase, ShoplazzaUnauthorized } from './shoplazza-api.ts';
import { shoplineBase, shoplineBodySign, ShoplineUnauthorized } from './shopline-api.ts';

/** The platforms whose access tokens expire and are refreshed here (Shopify's offline token does not expire). */
export type RefreshingPlatform = 'shoplazza' | 'shopline';

/** What a token endpoint granted: the access token, Shoplazza's refresh token, and when the access token expires. */
export interface IssuedToken { accessToken: string; refreshToken: string; expiresAt: Date | null; scope: string }

/** Refreshed this long before the expiry the platform gave, so no call is sent with a token about to lapse. */
export const REFRESH_MARGIN_MS = 10 * 60_000;

/** The refresh token is sealed to its own context, so it cannot be swapped with the access token. */
export const refreshContext = (tokenCtx: string) => `${tokenCtx}:refresh`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** An epoch in seconds or milliseconds, or an ISO 8601 time; null when it is neither or out of range. */
export function timeOf(v: unknown): Date | null {
  let ms = NaN;
  if (typeof v === 'number' || (typeof v === 'string' && /^\d{9,16}$/.test(v))) {
    const n = Number(v);
    ms = n > 1e12 ? n : n * 1000;
  } else if (typeof v === 'string') {
    ms = Date.parse(v);
  }
  // A platform's odd answer must not reach the database as an invalid date.
  return Number.isFinite(ms) && ms > 0 && ms < 8.64e15 ? new Date(ms) : null;
}

/**
 * Shoplazza's token answer (`/admin/oauth/token`, the code or the refresh grant): `access_token`,
 * `refresh_token`, and `expires_at` (seconds), else `created_at` plus `expires_in`, else
 * `expires_in` from now.
 */
export function shoplazzaIssued(answer: Record<string, unknown>): IssuedToken | null {
  const accessToken = text(answer.access_token);
  if (!accessToken) return null;
  const lifetime = Number(answer.expires_in);
  const created = timeOf(answer.created_at);
  const expiresAt = timeOf(answer.expires_at)
    ?? (Number.isFinite(lifetime) && lifetime > 0 ? new Date((created?.getTime() ?? Date.now()) + lifetime * 1000) : null);
  return { accessToken, refreshToken: text(answer.refresh_token), expiresAt, scope: text(answer.scope) };
}

/** Shopline's token answer (`token/create`, `token/refresh`): `{ code, data: { accessToken, expireTime, scope } }`. */
export function shoplineIssued(answer: { data?: Record<string, unknown> | null }): IssuedToken | null {
  const accessToken = text(answer.data?.accessToken);
  if (!accessToken) return null;
  return { accessToken, refreshToken: '', expiresAt: timeOf(answer.data?.expireTime), scope: text(answer.data?.scope) };
}

/** The platform refused the refresh: the grant is gone (uninstalled, revoked). */
const REFUSED = Symbol('refused');

/** Shoplazza: the refresh-token grant at the same token endpoint as the code, a form body with the app's credentials. */
async function refreshShoplazza(app: PlatformAppConfig, shop: string, refreshToken: string, redirectUri: string): Promise<IssuedToken | typeof REFUSED> {
  if (!refreshToken) return REFUSED;
  const res = await fetch(`${shoplazzaBase(app, shop)}/admin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: app.apiKey, client_secret: app.apiSecret, refresh_token: refreshToken, grant_type: 'refresh_token', redirect_uri: redirectUri,
    }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  // 5xx is the platform down: thrown, so the link is not marked for it.
  if (res.status >= 500) throw new Error(`Shoplazza answered ${res.status} to the token refresh`);
  if (!res.ok) {
    await res.body?.cancel();
    return REFUSED;
  }
  return shoplazzaIssued((await res.json()) as Record<string, unknown>) ?? REFUSED;
}

/**
 * Shopline: `POST /admin/oauth/token/refresh` with no body, signed as `token/create` is (headers
 * `appkey`, `timestamp`, `sign` over the empty body and the timestamp); Shopline keeps no refresh
 * token, the app's signature stands for it.
 */
async function refreshShopline(app: PlatformAppConfig, handle: string): Promise<IssuedToken | typeof REFUSED> {
  const timestamp = String(Date.now());
  const res = await fetch(`${shoplineBase(app, handle)}/admin/oauth/token/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', appkey: app.apiKey, timestamp, sign: shoplineBodySign('', timestamp, app.apiSecret) },
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status >= 500) throw new Error(`Shopline answered ${res.status} to the token refresh`);
  if (!res.ok) {
    await res.body?.cancel();
    return REFUSED;
  }
  // An uninstalled app is answered 200 with an error code and no data, as a used code is.
  return shoplineIssued((await res.json()) as { data?: Record<string, unknown> }) ?? REFUSED;
}

const handleOf = (domain: string) => domain.replace(/\.myshopline\.com$/, '');
const unauthorized = (platform: RefreshingPlatform, why: string) =>
  platform === 'shoplazza' ? new ShoplazzaUnauthorized(why) : new ShoplineUnauthorized(why);

/** One refresh per link at a time in this process; the others wait for its token. */
const inFlight = new Map<string, Promise<string>>();

interface Held { sealed: string; access: string; expiresAt: Date | null }

/**
 * The credential of a store's Shoplazza or Shopline link for the shared caller: the stored token
 * while it has more than REFRESH_MARGIN_MS left, else a refreshed one, and a refresh once more on
 * a 401. A refreshed token is sealed and stored with its expiry (and Shoplazza's new refresh
 * token) before it is used. A refresh the platform refuses marks the link `revoked` and the store
 * not authorised (`install_status` 0, as an uninstall does), so the admin offers to reauthorise.
 * Another worker's refresh meanwhile (the stored token changed) is taken instead of refreshing
 * again, since a rotated refresh token works only once.
 */
export async function platformCredential(
  deps: Deps, shopId: string, platform: RefreshingPlatform,
): Promise<{ credential: PlatformCredential; shopDomain: string }> {
  const app = deps.config.platformApps[platform];
  const ctx = tokenContext.link(shopId, platform);
  const scope = shopScope(shopId);
  const readLink = async () => (await deps.dbh.db.select().from(platformConnections)
    .where(scope.where(platformConnections, eq(platformConnections.platform, platform))))[0];
  const link = await readLink();
  if (!app || !link || link.status !== 'authorized' || !link.sealedToken) throw unauthorized(platform, 'the link is not authorised');
  let held: Held = { sealed: link.sealedToken, access: await openToken(deps, link.sealedToken, ctx), expiresAt: link.tokenExpiresAt };
  const fresh = (h: Held) => !h.expiresAt || h.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;

  async function refresh(refused: string | null): Promise<string> {
    const row = await readLink();
    if (!row || row.status !== 'authorized' || !row.sealedToken) throw unauthorized(platform, 'the link is not authorised');
    if (row.sealedToken !== held.sealed) {
      held = { sealed: row.sealedToken, access: await openToken(deps, row.sealedToken, ctx), expiresAt: row.tokenExpiresAt };
      if (fresh(held) && held.access !== refused) return held.access;
    }
    const storedRefresh = row.sealedRefreshToken ? await openToken(deps, row.sealedRefreshToken, refreshContext(ctx)) : '';
    const issued = platform === 'shoplazza'
      ? await refreshShoplazza(app!, row.shopDomain, storedRefresh, `${deps.config.publicUrl}/api/platforms/shoplazza/callback`)
      : await refreshShopline(app!, handleOf(row.shopDomain));
    if (issued === REFUSED) {
      const again = await readLink();
      if (again?.status === 'authorized' && again.sealedToken && again.sealedToken !== row.sealedToken) {
        held = { sealed: again.sealedToken, access: await openToken(deps, again.sealedToken, ctx), expiresAt: again.tokenExpiresAt };
        return held.access;
      }
      await markRevoked(deps, shopId, platform, row.sealedToken);
      throw unauthorized(platform, `${platform} refused to refresh the token`);
    }
    const sealed = await sealToken(deps, issued.accessToken, ctx);
    const sealedRefresh = issued.refreshToken ? await sealToken(deps, issued.refreshToken, refreshContext(ctx)) : row.sealedRefreshToken;
    await deps.dbh.db.update(platformConnections)
      .set({ sealedToken: sealed, sealedRefreshToken: sealedRefresh, tokenExpiresAt: issued.expiresAt, updatedAt: new Date() })
      .where(scope.where(platformConnections, eq(platformConnections.platform, platform)));
    held = { sealed, access: issued.accessToken, expiresAt: issued.expiresAt };
    return held.access;
  }

  const once = (refused: string | null) => {
    const key = `${shopId}:${platform}`;
    const running = inFlight.get(key);
    if (running) return running;
    const p = refresh(refused).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };

  return {
    shopDomain: link.shopDomain,
    credential: {
      current: async () => (fresh(held) ? held.access : once(null)),
      renew: (refused) => once(refused),
    },
  };
}

/**
 * The store is no longer authorised on the platform: the link `revoked` and `install_status` 0,
 * what the admin reads to show the reauthorise link. Only while the stored token is the one that
 * failed, so a reauthorisation that landed meanwhile stands.
 */
async function markRevoked(deps: Deps, shopId: string, platform: RefreshingPlatform, failedSealed: string) {
  await deps.dbh.db.transaction(async (tx) => {
    const changed = await tx.update(platformConnections).set({ status: 'revoked', updatedAt: new Date() })
      .where(and(eq(platformConnections.shopId, shopId), eq(platformConnections.platform, platform), eq(platformConnections.sealedToken, failedSealed)))
      .returning({ id: platformConnections.id });
    if (changed.length) await tx.update(shops).set({ installStatus: 0, updatedAt: new Date() }).where(eq(shops.id, shopId));
  });
}
