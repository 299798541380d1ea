import type { ConnectedPlatform, PlatformScopeFeature } from '@storecast/contract';
import { SHOPIFY_SCOPES } from './install-shopify-client.ts';
import { SHOPLAZZA_SCOPES } from './install-shoplazza.ts';
import { SHOPLINE_SCOPES } from './install-shopline.ts';

/**
 * What each scope the installs ask for is used for, per platform. Keyed by the install's own list,
 * so a scope added there fails the type check until it says here what an owner loses without it;
 * that sentence is what the admin shows a store whose token predates the scope.
 */
const SHOPIFY_USES: Record<(typeof SHOPIFY_SCOPES)[number], PlatformScopeFeature> = {
  read_customers: 'customers',
  write_customers: 'consent_write',
  read_orders: 'orders',
  read_all_orders: 'old_orders',
  read_products: 'products',
  read_checkouts: 'checkouts',
  write_discounts: 'coupons',
  read_themes: 'app_embed',
  read_locales: 'languages',
};
const SHOPLAZZA_USES: Record<(typeof SHOPLAZZA_SCOPES)[number], PlatformScopeFeature> = {
  read_shop: 'shop_details',
  read_customer: 'customers',
  read_order: 'orders',
  read_product: 'products',
  write_price_rules: 'coupons',
  write_script_tags: 'storefront_script',
  read_themes: 'app_embed',
};
const SHOPLINE_USES: Record<(typeof SHOPLINE_SCOPES)[number], PlatformScopeFeature> = {
  read_customers: 'customers',
  read_orders: 'orders',
  read_products: 'products',
  write_discounts: 'coupons',
  // Making a code needs only write_discounts; changing or deleting its price rule needs this.
  write_price_rules: 'coupon_changes',
  read_script_tags: 'storefront_script',
  // The theme list and the theme's files: both are read to tell whether the app embed is on.
  read_content: 'app_embed',
  read_themes: 'app_embed',
};

const USES: Record<ConnectedPlatform, Record<string, PlatformScopeFeature>> = {
  shopify: SHOPIFY_USES, shoplazza: SHOPLAZZA_USES, shopline: SHOPLINE_USES,
};
/** In the order the install asks for them, so the admin lists them the same way each time. */
const ASKED: Record<ConnectedPlatform, readonly string[]> = {
  shopify: SHOPIFY_SCOPES, shoplazza: SHOPLAZZA_SCOPES, shopline: SHOPLINE_SCOPES,
};

/** A stored scope list as its platform wrote it: commas (Shopify, Shopline) or spaces (Shoplazza). */
export const scopeList = (stored: string): string[] => stored.split(/[\s,]+/).filter(Boolean);

/**
 * The scopes the app asks for now that a link's granted scopes (`platform_connections.scopes`)
 * lack, and what they cost the owner, each feature once. A granted `write_x` counts as `read_x`:
 * Shopify folds the read scope into the write one (the library asks for `write_customers` alone
 * and the token lists only it), and a platform that lets an app write a resource lets it read it.
 * An empty list says nothing about the token (a link from before scopes were kept), so nothing is
 * reported missing for it rather than everything.
 */
export function findMissingScopes(platform: ConnectedPlatform, stored: string): { scopes: string[]; features: PlatformScopeFeature[] } {
  const granted = new Set(scopeList(stored));
  if (granted.size === 0) return { scopes: [], features: [] };
  for (const s of [...granted]) {
    const write = /^(unauthenticated_)?write_(.+)$/.exec(s);
    if (write) granted.add(`${write[1] ?? ''}read_${write[2]}`);
  }
  const scopes = ASKED[platform].filter((s) => !granted.has(s));
  const features = [...new Set(scopes.map((s) => USES[platform][s]!))];
  return { scopes, features };
}
