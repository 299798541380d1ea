import { SHOPIFY_DOMAIN_PATTERN } from '@storecast/contract';
import { z } from 'zod';

/**
 * What an owner types for their Shopify store ("tea", "tea.myshopify.com", or the admin's
 * address pasted whole) as the domain Shopify names the shop by, or null when it is not one.
 */
export function shopifyDomainOf(input: string): string | null {
  let v = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  if (!v.includes('.')) v = `${v}.myshopify.com`;
  return SHOPIFY_DOMAIN_PATTERN.test(v) ? v : null;
}

/** The form rule: the same sentence the server says for a domain it refuses. */
export const shopifyDomainField = z.string().refine((v) => shopifyDomainOf(v) !== null, { error: 'errors.store.shopDomainFormat' });

/**
 * Where the owner installs the app from: the shop's own admin (its app list), where the Storecast
 * app they were given opens this server's install URL with Shopify's signature. The server does
 * not publish the app's API key, so no `/admin/oauth/install?client_id=` link is made here.
 */
export function shopifyAdminAppsUrl(domain: string): string {
  return `https://${domain}/admin/apps`;
}
