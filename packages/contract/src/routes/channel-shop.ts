import { z } from 'zod';
import { CONNECTED_PLATFORMS, PLATFORMS } from '../rules/store.ts';
import { defineRoute } from './define-route.ts';

/**
 * A store's link to its platform (Shopify, Shoplazza, Shopline): the install's one-time claim that
 * turns a platform store into a store here, what the link looks like (/store/api-token), and the
 * sales-channel tokens of a custom or headless Shopify setup. Tokens are never sent back.
 */

/** authorized; revoked (the token stopped working); uninstalled (the platform said so). */
export const PLATFORM_LINK_STATUSES = ['authorized', 'revoked', 'uninstalled'] as const;
export type PlatformLinkStatus = (typeof PLATFORM_LINK_STATUSES)[number];

/**
 * What the app does with a platform scope, so the admin can tell an owner in plain words what a
 * scope their link lacks costs them (the server maps each platform's scope ids to these).
 */
export const PLATFORM_SCOPE_FEATURES = [
  'shop_details', 'customers', 'consent_write', 'orders', 'old_orders', 'products', 'checkouts', 'coupons', 'coupon_changes',
  'storefront_script', 'app_embed', 'languages',
] as const;
export type PlatformScopeFeature = (typeof PLATFORM_SCOPE_FEATURES)[number];

/** The claim token in `/connect/plat?claim=…`: 32 random bytes, base64url. */
export const CLAIM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const claimToken = z.string({ error: 'errors.store.claimInvalid' }).max(64, { error: 'errors.store.claimInvalid' }).regex(CLAIM_TOKEN_PATTERN, { error: 'errors.store.claimInvalid' });

/** A Shopify shop's own domain (`tea.myshopify.com`), what its API and webhooks name it by. */
export const SHOPIFY_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;
/** Admin API tokens: `shpat_` (custom app), `shpca_`, `shppa_` (older private apps), then 32+ characters. */
export const SHOPIFY_ADMIN_TOKEN_PATTERN = /^shp(at|ca|pa)_[A-Za-z0-9]{32,96}$/;
/** Storefront API tokens: 32 hex characters (public), or a longer private one. */
export const SHOPIFY_STOREFRONT_TOKEN_PATTERN = /^[A-Za-z0-9_]{32,100}$/;

export const platformClaimSchema = z.object({
  platform: z.enum(CONNECTED_PLATFORMS),
  shop_domain: z.string(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** ISO 8601: the claim cannot be used after this. */
  expires_at: z.string(),
});

export const channelShopInfoSchema = z.object({
  /** The store's platform; `custom` when it is linked to none. */
  platform: z.enum(PLATFORMS),
  /** The platform store's own domain (`tea.myshopify.com`); empty when not linked. */
  shop_domain: z.string(),
  /** Null when the store has no platform link. */
  status: z.enum(PLATFORM_LINK_STATUSES).nullable(),
  /** True only while the link is authorised; false also when there is no link. */
  authorized: z.boolean(),
  /** "The current authorization has not been completed." in the caller's language when revoked or uninstalled; else null. */
  message: z.string().nullable(),
  /** Where the owner installs the app again (the platform's install page); null when not linked. */
  reauthorize_url: z.string().nullable(),
  scopes: z.array(z.string()),
  /**
   * Scopes the app asks for now that the link's token was not granted (an install from before the
   * app asked for them); empty when none are missing or there is no link. Reauthorising grants them.
   */
  missing_scopes: z.array(z.string()),
  /** What the missing scopes cost the owner, each feature once, for the admin to name in plain words. */
  missing_features: z.array(z.enum(PLATFORM_SCOPE_FEATURES)),
  /** The sales-channel tokens saved for a custom or headless Shopify setup (never the tokens). */
  storefront_token_set: z.boolean(),
  admin_token_set: z.boolean(),
  /** The Shopify domain those tokens are for; empty when none saved. */
  token_shop_domain: z.string(),
});
export type ChannelShopInfo = z.infer<typeof channelShopInfoSchema>;

/** Left out: unchanged. An empty string: removed. */
export const saveShopifyTokenBody = z.object({
  shop_domain: z.string({ error: 'errors.store.shopDomainFormat' }).trim().toLowerCase()
    .max(255, { error: 'errors.store.shopDomainFormat' }).regex(SHOPIFY_DOMAIN_PATTERN, { error: 'errors.store.shopDomainFormat' }),
  storefront_token: z.string({ error: 'errors.store.tokenFormat' }).trim().max(255, { error: 'errors.store.tokenFormat' })
    .refine((v) => v === '' || SHOPIFY_STOREFRONT_TOKEN_PATTERN.test(v), { error: 'errors.store.tokenFormat' }).optional(),
  admin_token: z.string({ error: 'errors.store.tokenFormat' }).trim().max(255, { error: 'errors.store.tokenFormat' })
    .refine((v) => v === '' || SHOPIFY_ADMIN_TOKEN_PATTERN.test(v), { error: 'errors.store.tokenFormat' }).optional(),
});

/**
 * Whether the storefront script's theme app embed is on in the shop's live theme, and the theme
 * editor's deep link that turns it on. Not applicable to a custom store (it pastes the snippet).
 */
export const appEmbedStatusSchema = z.object({
  applicable: z.boolean(),
  /** Null when it could not be read (platform unreachable, not authorised, or not applicable). */
  enabled: z.boolean().nullable(),
  /** The theme editor at the app embeds, with ours selected; null when not applicable. */
  editor_url: z.string().nullable(),
});
export type AppEmbedStatus = z.infer<typeof appEmbedStatusSchema>;

export const channelShopRoutes = {
  claimInfo: defineRoute({
    method: 'GET', path: '/connect/claim-info', access: 'user', tag: 'channel-shop',
    summary: 'The platform store a claim from the install would connect (before claiming it)',
    query: z.object({ claim: claimToken }), data: platformClaimSchema,
  }),
  claim: defineRoute({
    method: 'POST', path: '/connect/claim-platform', access: 'user', tag: 'channel-shop',
    summary: 'Turn an installed platform store into a store here: the user becomes its owner, it becomes current, and its first sync starts',
    body: z.object({ claim: claimToken }),
    data: z.object({ shop_id: z.string(), platform: z.enum(CONNECTED_PLATFORMS), name: z.string() }),
  }),
  info: defineRoute({
    method: 'GET', path: '/channel-shop/info', access: 'shop', tag: 'channel-shop',
    summary: 'The store\'s platform link: platform, domain, status, scopes granted and missing, and which sales-channel tokens are set (never the tokens)',
    data: channelShopInfoSchema,
  }),
  saveShopifyToken: defineRoute({
    method: 'POST', path: '/channel-shop/save-shopify-token', access: 'shop', tag: 'channel-shop', ownerOnly: true,
    summary: 'Save the storefront and admin access tokens of a custom or headless Shopify setup (sealed; never sent back)',
    body: saveShopifyTokenBody, data: channelShopInfoSchema,
  }),
} as const;
