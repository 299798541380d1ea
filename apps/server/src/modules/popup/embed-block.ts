import { escapeHtml } from '@storecast/contract';
import { type Db, type ShopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';

type StoreAddress = Pick<typeof shops.$inferSelect, 'homepageUrl' | 'platformDomain'>;

/**
 * The origins a store's pages are served from, the only ones the storefront routes answer
 * across origins: the homepage's origin (scheme, host and port as the owner entered them) and
 * the platform domain over https. A value that is no URL adds nothing.
 */
export function storeOrigins(shop: StoreAddress): string[] {
  const out = new Set<string>();
  const add = (url: string) => {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') out.add(u.origin);
    } catch { /* not a URL: no origin */ }
  };
  add(shop.homepageUrl);
  if (shop.platformDomain) add(`https://${shop.platformDomain}`);
  return [...out];
}

/** What the owner pastes into the theme: the script tag carrying the store's public key. */
export async function readEmbedBlock(db: Db, scope: ShopScope, publicUrl: string) {
  const [shop] = await db.select({ publicKey: shops.publicKey, homepageUrl: shops.homepageUrl, platformDomain: shops.platformDomain })
    .from(shops).where(eq(shops.id, scope.shopId));
  if (!shop) throw new Error('the session names a store that does not exist');
  const scriptUrl = `${publicUrl.replace(/\/$/, '')}/storecast.js`;
  return {
    public_key: shop.publicKey,
    script_url: scriptUrl,
    snippet: `<script src="${escapeHtml(scriptUrl)}" data-key="${shop.publicKey}" async></script>`,
    allowed_origins: storeOrigins(shop),
  };
}
