import { createHash, randomBytes } from 'node:crypto';
import type { ConnectedPlatform } from '@storecast/contract';
import { platformClaims, platformConnections, platformDiscounts, type PlatformShopDetails, platformSyncs, shops } from '@storecast/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { sealToken, tokenContext } from './channel-shop-token.ts';
import { queueFirstSyncJob } from './queue-first-sync-job.ts';
import { refreshContext } from './refresh-platform-token.ts';

/** How long the owner has to sign in (or sign up) and claim the installed store. */
export const CLAIM_TTL_MS = 15 * 60_000;

export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface GrantedInstall {
  platform: ConnectedPlatform;
  /** The platform store's own domain, lower case, as its webhooks name it. */
  shopDomain: string;
  accessToken: string;
  scopes: string;
  details: PlatformShopDetails;
  /** Shoplazza's refresh token; none on Shopify and Shopline. */
  refreshToken?: string;
  /** When the access token expires; Shopify's offline token does not. */
  tokenExpiresAt?: Date | null;
}

/**
 * The end of an install, once the platform granted a token: a platform store already linked here
 * gets the new token and the scopes granted now and is authorised again (reauthorisation; its
 * store's install status back to 1); any other waits as a one-time claim. Returns where to send the owner: the admin, or
 * `/connect/plat?claim=…`. The token is sealed before anything is written.
 */
export async function completeInstall(deps: Deps, grant: GrantedInstall): Promise<{ location: string; shopId: string | null }> {
  const db = deps.dbh.db;
  const base = deps.config.publicUrl;
  const [link] = await db.select({ shopId: platformConnections.shopId }).from(platformConnections)
    .where(and(eq(platformConnections.platform, grant.platform), eq(platformConnections.shopDomain, grant.shopDomain)));
  if (link) {
    const ctx = tokenContext.link(link.shopId, grant.platform);
    const sealed = await sealToken(deps, grant.accessToken, ctx);
    const sealedRefresh = grant.refreshToken ? await sealToken(deps, grant.refreshToken, refreshContext(ctx)) : '';
    const requeued = await db.transaction(async (tx) => {
      await tx.update(platformConnections).set({
        sealedToken: sealed, sealedRefreshToken: sealedRefresh, tokenExpiresAt: grant.tokenExpiresAt ?? null, scopes: grant.scopes, status: 'authorized',
      })
        .where(and(eq(platformConnections.shopId, link.shopId), eq(platformConnections.platform, grant.platform)));
      await tx.update(shops).set({ installStatus: 1 }).where(eq(shops.id, link.shopId));
      // Coupon codes the old token could not make or change (a scope it lacked) are tried again
      // on the next pass, not after hours of backoff.
      await tx.update(platformDiscounts).set({ retryAt: sql`now()` })
        .where(and(eq(platformDiscounts.shopId, link.shopId), eq(platformDiscounts.platform, grant.platform), eq(platformDiscounts.status, 'failed')));
      // A first sync that failed (the token refused, the platform down too long) starts again.
      return tx.update(platformSyncs).set({ status: 'queued', error: null, finishedAt: null, attempts: 0, updatedAt: new Date() })
        .where(and(eq(platformSyncs.shopId, link.shopId), eq(platformSyncs.platform, grant.platform), eq(platformSyncs.status, 'failed')))
        .returning({ shopId: platformSyncs.shopId });
    });
    if (requeued.length) await queueFirstSyncJob(deps, link.shopId, grant.platform);
    return { location: `${base}/dashboard`, shopId: link.shopId };
  }
  const token = randomBytes(32).toString('base64url');
  const claimCtx = tokenContext.claim(grant.platform, grant.shopDomain);
  const sealed = await sealToken(deps, grant.accessToken, claimCtx);
  const sealedRefresh = grant.refreshToken ? await sealToken(deps, grant.refreshToken, refreshContext(claimCtx)) : '';
  // Claims nobody took are of no use once expired: each install clears the old ones.
  await db.delete(platformClaims).where(lt(platformClaims.expiresAt, new Date(Date.now() - CLAIM_TTL_MS)));
  await db.insert(platformClaims).values({
    tokenHash: hashClaimToken(token), platform: grant.platform, shopDomain: grant.shopDomain, sealedToken: sealed,
    sealedRefreshToken: sealedRefresh, tokenExpiresAt: grant.tokenExpiresAt ?? null, scopes: grant.scopes, details: grant.details,
    expiresAt: new Date(Date.now() + CLAIM_TTL_MS),
  });
  return { location: `${base}/connect/plat?claim=${token}`, shopId: null };
}
