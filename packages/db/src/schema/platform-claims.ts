import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/** What the platform says about its store, read at the install (Admin GraphQL `shop`). */
export interface PlatformShopDetails {
  name: string;
  /** The store's public address, as `https://tea.example.com`; the platform domain when it has none. */
  homepageUrl: string;
  currency: string;
  /** IANA, as `America/New_York`. */
  timezone: string;
  /** The shop's primary locale, as `en` or `zh-CN`. */
  locale: string;
  email: string;
}

/**
 * A platform store installed but not yet turned into a store here: the install left the owner at
 * `/connect/plat?claim=<token>`, and the signed-in owner's claim creates the store. Only a hash of
 * the token is kept; the platform's access token is sealed (to the claim's platform and domain).
 * Single use and short-lived: `used_at` is set by the claim that wins, and an expired row is
 * refused. Not store-owned: no store exists yet.
 */
export const platformClaims = pgTable(
  'platform_claims',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    platform: text('platform').notNull(),
    shopDomain: text('shop_domain').notNull(),
    sealedToken: text('sealed_token').notNull(),
    scopes: text('scopes').notNull().default(''),
    /** The refresh token and the access token's expiry, carried to the link (see platform_connections). */
    sealedRefreshToken: text('sealed_refresh_token').notNull().default(''),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    details: jsonb('details').$type<PlatformShopDetails>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('platform_claims_expires_idx').on(t.expiresAt)],
);

/**
 * The sales-channel tokens of a custom or headless Shopify setup (/store/api-token): a Storefront
 * API token and an Admin API token the owner made in Shopify, for the Shopify store named by
 * `shop_domain`. Both sealed to the store; never sent back.
 */
export const channelShopTokens = pgTable('channel_shop_tokens', {
  shopId: uuid('shop_id').primaryKey().references(() => shops.id, { onDelete: 'cascade' }),
  shopDomain: text('shop_domain').notNull(),
  /** Empty when not set. */
  sealedStorefrontToken: text('sealed_storefront_token').notNull().default(''),
  sealedAdminToken: text('sealed_admin_token').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
