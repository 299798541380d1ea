import { type ConnectedPlatform, CONNECTED_PLATFORMS, LIMITS, type Locale, parseHomepage } from '@storecast/contract';
import { platformClaims, platformConnections, platformSyncs, shops } from '@storecast/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionContext } from '../auth/index.ts';
import { connectStoreIn } from '../shop/index.ts';
import { hashClaimToken } from './callback-complete-install.ts';
import { openToken, sealToken, tokenContext } from './channel-shop-token.ts';
import { queueFirstSyncJob } from './queue-first-sync-job.ts';
import { refreshContext } from './refresh-platform-token.ts';

export { FIRST_SYNC_QUEUE } from './queue-first-sync-job.ts';

const claimGone = () => new AppError('errors.store.claimInvalid', 410);

/** A claim that can still be taken: not used, not expired. */
async function liveClaim(deps: Deps, token: string) {
  const [claim] = await deps.dbh.db.select().from(platformClaims)
    .where(and(eq(platformClaims.tokenHash, hashClaimToken(token)), isNull(platformClaims.usedAt), gt(platformClaims.expiresAt, new Date())));
  const platform = CONNECTED_PLATFORMS.find((p) => p === claim?.platform);
  if (!claim || !platform) throw claimGone();
  return { ...claim, platform };
}

/** What the claim would connect, for the page that asks the owner to confirm it. */
export async function readClaim(deps: Deps, token: string) {
  const c = await liveClaim(deps, token);
  return {
    platform: c.platform, shop_domain: c.shopDomain, name: c.details.name, currency: c.details.currency,
    timezone: c.details.timezone, expires_at: c.expiresAt.toISOString(),
  };
}

/** The store's language from the shop's primary locale (`zh-CN`, `zh-TW`, `en`…), else the admin's. */
const languageOf = (locale: string, fallback: Locale): Locale =>
  /^zh\b/i.test(locale) ? 'zh-CN' : /^en\b/i.test(locale) ? 'en-US' : fallback;

/**
 * Takes a claim: the store is created from the platform's details (the user its owner, the
 * session on it), linked to its platform store with the token sealed to it, and the claim used,
 * all in one transaction with its first sync recorded as queued; then the sync's job is queued.
 * The claim is taken with a conditional update, so of two claims of one token only one creates
 * a store.
 */
export async function claimPlatformStore(deps: Deps, s: SessionContext, token: string, locale: Locale) {
  const claim = await liveClaim(deps, token);
  const platform: ConnectedPlatform = claim.platform;
  const claimCtx = tokenContext.claim(platform, claim.shopDomain);
  const [accessToken, refreshToken] = await Promise.all([
    openToken(deps, claim.sealedToken, claimCtx),
    claim.sealedRefreshToken ? openToken(deps, claim.sealedRefreshToken, refreshContext(claimCtx)) : '',
  ]).catch(() => {
    throw claimGone();
  });
  const d = claim.details;
  const name = d.name.trim().slice(0, LIMITS.storeNameMax) || claim.shopDomain.slice(0, LIMITS.storeNameMax);
  const homepage = parseHomepage(d.homepageUrl) ? d.homepageUrl : `https://${claim.shopDomain}`;
  const created = await deps.dbh.db.transaction(async (tx) => {
    const [used] = await tx.update(platformClaims).set({ usedAt: new Date() })
      .where(and(eq(platformClaims.id, claim.id), isNull(platformClaims.usedAt), gt(platformClaims.expiresAt, new Date())))
      .returning({ id: platformClaims.id });
    if (!used) throw claimGone();
    const [linked] = await tx.select({ shopId: platformConnections.shopId }).from(platformConnections)
      .where(and(eq(platformConnections.platform, platform), eq(platformConnections.shopDomain, claim.shopDomain)));
    if (linked) throw new AppError('errors.store.platformLinked', 409);
    const { shop_id } = await connectStoreIn(tx, s, platform, {
      name, homepage_url: homepage, currency: d.currency, timezone: d.timezone, language: languageOf(d.locale, locale),
    }, locale);
    // The platform's own domain names the store to its webhooks and storefront (not the homepage's).
    await tx.update(shops).set({ platformDomain: claim.shopDomain, installStatus: 1 }).where(eq(shops.id, shop_id));
    const ctx = tokenContext.link(shop_id, platform);
    await tx.insert(platformConnections).values({
      shopId: shop_id, platform, shopDomain: claim.shopDomain, scopes: claim.scopes, status: 'authorized',
      sealedToken: await sealToken(deps, accessToken, ctx),
      // The refresh token and expiry go with the token (Shoplazza's and Shopline's expire).
      sealedRefreshToken: refreshToken ? await sealToken(deps, refreshToken, refreshContext(ctx)) : '',
      tokenExpiresAt: claim.tokenExpiresAt,
    });
    // Recorded at once, so the page that polls sync-status shows "queued" before a worker starts it.
    await tx.insert(platformSyncs).values({ shopId: shop_id, platform, status: 'queued', updatedAt: new Date() }).onConflictDoNothing();
    return shop_id;
  });
  await queueFirstSyncJob(deps, created, platform);
  return { shop_id: created, platform, name };
}
