import {
  type ChannelShopInfo, type ConnectedPlatform, CONNECTED_PLATFORMS, type Locale, PLATFORM_LINK_STATUSES, PLATFORMS, translateError,
} from '@storecast/contract';
import { channelShopTokens, platformConnections, type ShopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { sealToken, tokenContext } from './channel-shop-token.ts';
import { findMissingScopes, scopeList } from './find-missing-scopes.ts';

/**
 * Where the owner opens the app again from the platform's admin, which signs the app's URL (the
 * install) and so reauthorises: Shopify's app page under admin.shopify.com, and the app's page in
 * the store's own admin on Shoplazza and Shopline.
 */
export function platformAppUrl(deps: Deps, platform: ConnectedPlatform, shopDomain: string): string | null {
  const apiKey = deps.config.platformApps[platform]?.apiKey;
  if (!apiKey) return null;
  if (platform === 'shopify') return `https://admin.shopify.com/store/${shopDomain.replace(/\.myshopify\.com$/, '')}/apps/${encodeURIComponent(apiKey)}`;
  return `https://${shopDomain}/admin/apps/${encodeURIComponent(apiKey)}`;
}

/**
 * The store's platform link as the admin shows it (/store/api-token): the platform, its store's
 * domain, the link's status with SPEC's "The current authorization has not been completed." when
 * it is not authorised, the scopes granted, those the app asks for now that the token lacks (and
 * what they cost the owner), and which sales-channel tokens are saved. No token ever leaves the
 * server.
 */
export async function readChannelShopInfo(deps: Deps, scope: ShopScope, locale: Locale): Promise<ChannelShopInfo> {
  const db = deps.dbh.db;
  const [shop] = await db.select({ platform: shops.platform }).from(shops).where(eq(shops.id, scope.shopId));
  const [link] = await db.select().from(platformConnections).where(scope.where(platformConnections));
  const [tokens] = await db.select().from(channelShopTokens).where(scope.where(channelShopTokens));
  const platform = PLATFORMS.find((p) => p === shop?.platform) ?? 'custom';
  const linkPlatform = CONNECTED_PLATFORMS.find((p) => p === link?.platform);
  const status = PLATFORM_LINK_STATUSES.find((s) => s === link?.status) ?? null;
  const authorized = status === 'authorized';
  // Only a link that works can be short of a scope; one not authorised already says reauthorise.
  const missing = authorized && linkPlatform ? findMissingScopes(linkPlatform, link?.scopes ?? '') : { scopes: [], features: [] };
  return {
    platform,
    shop_domain: link?.shopDomain ?? '',
    status,
    authorized,
    message: status && !authorized ? translateError(locale, 'errors.store.notConnected') : null,
    reauthorize_url: link && linkPlatform ? platformAppUrl(deps, linkPlatform, link.shopDomain) : null,
    scopes: scopeList(link?.scopes ?? ''),
    missing_scopes: missing.scopes,
    missing_features: missing.features,
    storefront_token_set: !!tokens?.sealedStorefrontToken,
    admin_token_set: !!tokens?.sealedAdminToken,
    token_shop_domain: tokens?.shopDomain ?? '',
  };
}

export interface ShopifyTokensInput {
  shop_domain: string;
  storefront_token?: string;
  admin_token?: string;
}

/**
 * Saves the Storefront and Admin API tokens of a custom or headless Shopify setup, each sealed to
 * the store. A token left out stays as it was; an empty one is removed. A store on another
 * platform (Shoplazza, Shopline) has no use for Shopify's tokens and is refused.
 */
export async function saveShopifyTokens(deps: Deps, scope: ShopScope, locale: Locale, input: ShopifyTokensInput): Promise<ChannelShopInfo> {
  const db = deps.dbh.db;
  const [shop] = await db.select({ platform: shops.platform }).from(shops).where(eq(shops.id, scope.shopId));
  if (shop?.platform !== 'shopify' && shop?.platform !== 'custom') throw new AppError('errors.store.tokensNotShopify');
  const seal = (token: string | undefined, kind: 'storefront' | 'admin') =>
    token === undefined ? undefined : token === '' ? '' : sealToken(deps, token, tokenContext.channel(scope.shopId, kind));
  const [storefront, admin] = await Promise.all([seal(input.storefront_token, 'storefront'), seal(input.admin_token, 'admin')]);
  const changes = {
    shopDomain: input.shop_domain,
    ...(storefront !== undefined ? { sealedStorefrontToken: storefront } : {}),
    ...(admin !== undefined ? { sealedAdminToken: admin } : {}),
  };
  await db.insert(channelShopTokens).values(scope.values(changes))
    .onConflictDoUpdate({ target: channelShopTokens.shopId, set: changes });
  return readChannelShopInfo(deps, scope, locale);
}
