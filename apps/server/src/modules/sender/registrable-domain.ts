import { emailDomain } from '@storecast/contract';
import { getDomain } from 'tldts';

/**
 * The registrable domain of a host by the public suffix list, private suffixes included: a store
 * at `mystore.myshopify.com` owns that name, not `myshopify.com`, and `shop.example.co.uk` belongs
 * to `example.co.uk`. The admin's instant hint uses the contract's shorter heuristic; the server,
 * which decides, uses this. Hosts with no public suffix (localhost, an IP) stand for themselves.
 */
export function registrableDomainOf(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return getDomain(h, { allowPrivateDomains: true }) ?? h;
}

/** SPEC 5: the sender address must belong to the homepage's registrable domain. */
export function senderFitsHomepage(email: string, homepageHost: string): boolean {
  if (!homepageHost) return false;
  return registrableDomainOf(emailDomain(email)) === registrableDomainOf(homepageHost);
}
