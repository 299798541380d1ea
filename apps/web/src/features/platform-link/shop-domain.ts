import type { ConnectedPlatform } from '@storecast/contract';

/** The domain each platform names a store by, as its API and webhooks do (`tea.myshopify.com`). */
export const PLATFORM_DOMAIN_SUFFIX: Record<ConnectedPlatform, string> = {
  shopify: 'myshopify.com',
  shoplazza: 'myshoplaza.com',
  shopline: 'myshopline.com',
};

/**
 * What an owner types for their store ("tea", "tea.myshopify.com", or the admin's address pasted
 * whole) as the domain the platform names the store by, or null when it is not one.
 */
export function platformDomainOf(platform: ConnectedPlatform, input: string): string | null {
  const suffix = PLATFORM_DOMAIN_SUFFIX[platform];
  let v = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  if (!v.includes('.')) v = `${v}.${suffix}`;
  const handle = v.endsWith(`.${suffix}`) ? v.slice(0, -suffix.length - 1) : '';
  return /^[a-z0-9][a-z0-9-]{0,59}$/.test(handle) ? v : null;
}

export const shopifyDomainOf = (input: string) => platformDomainOf('shopify', input);

/**
 * Where the owner installs the app: the store's own admin (Shopify's app list), where the Storecast
 * app they were given opens this server's install URL with the platform's signature. The server
 * does not publish the apps' keys, so no `/admin/oauth/install?client_id=` link is made here.
 */
export function platformAdminUrl(platform: ConnectedPlatform, domain: string): string {
  return platform === 'shopify' ? `https://${domain}/admin/apps` : `https://${domain}/admin`;
}
