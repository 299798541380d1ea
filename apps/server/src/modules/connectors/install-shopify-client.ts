import '@shopify/shopify-api/adapters/node';
import { LogSeverity, type Shopify, shopifyApi } from '@shopify/shopify-api';
import type { Deps } from '../../deps.ts';
import { SHOPIFY_API_VERSION } from './verify-webhook.ts';

/**
 * What the product asks a Shopify store for: its customers and their consent (written back too),
 * orders, products, checkouts for the abandoned-checkout flows, discount codes for coupons, and
 * the theme, to say whether the storefront script's app embed is on, and the shop's languages. Orders older than 60 days
 * also need `read_all_orders`, which Shopify grants to an app on request.
 * A scope added here must say in find-missing-scopes.ts what an owner loses without it: stores
 * installed before it are told so and asked to reauthorise.
 */
export const SHOPIFY_SCOPES = [
  'read_customers', 'write_customers', 'read_orders', 'read_all_orders', 'read_products', 'read_checkouts', 'write_discounts', 'read_themes', 'read_locales',
] as const;

/** Where Shopify sends the owner back with the code; the app's allowed redirection URL. */
export const shopifyCallbackPath = '/api/platforms/shopify/callback';

const clients = new Map<string, Shopify>();

/**
 * The official library configured as the product's Shopify app (`SHOPIFY_API_KEY`,
 * `SHOPIFY_API_SECRET`), its host and scheme those of `PUBLIC_URL`, so the authorize page sends
 * the owner back to this server. Null while the server has no Shopify app. One client per
 * configuration: the library keeps nothing per request.
 */
export function shopifyInstallClient(deps: Deps): Shopify | null {
  const app = deps.config.platformApps.shopify;
  if (!app?.apiSecret) return null;
  const url = new URL(deps.config.publicUrl);
  const key = JSON.stringify([app.apiKey, app.apiSecret, url.host, url.protocol]);
  let client = clients.get(key);
  if (!client) {
    client = shopifyApi({
      apiKey: app.apiKey,
      apiSecretKey: app.apiSecret,
      scopes: [...SHOPIFY_SCOPES],
      hostName: url.host,
      hostScheme: url.protocol === 'http:' ? 'http' : 'https',
      apiVersion: SHOPIFY_API_VERSION,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error, log: () => {} },
    });
    clients.set(key, client);
  }
  return client;
}
