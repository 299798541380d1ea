import { type Db, type ShopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';

/**
 * The hosts a store's campaign links may open: those of its homepage and its platform domain,
 * by the rule of the storefront script's CORS origins (popup's `storeOrigins`, not imported: the
 * popup module reaches this one through the session user), so "the store's own shop" means one
 * thing across the product. Only the saved links redirect, but a link to another site would
 * still spend the store's name and this product's domain on someone else's page.
 */
export async function readStoreHosts(db: Db, scope: ShopScope): Promise<string[]> {
  const [shop] = await db.select({ homepageUrl: shops.homepageUrl, platformDomain: shops.platformDomain })
    .from(shops).where(eq(shops.id, scope.shopId));
  if (!shop) return [];
  return [...new Set([hostOf(shop.homepageUrl), shop.platformDomain ? hostOf(`https://${shop.platformDomain}`) : null].filter((h) => h !== null))];
}

function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.hostname : null;
  } catch {
    return null;
  }
}

/**
 * A host is the store's when it is one of its hosts, or the same with or without "www." (a
 * homepage saved as example.com serves www.example.com too, and the other way round). Other
 * subdomains are refused: a blog or a help centre on one may be someone else's.
 */
export function isStoreHost(hostname: string, hosts: readonly string[]): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  return hosts.some((h) => bare(h) === bare(hostname));
}
