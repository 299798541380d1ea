import { parseHomepage, type StoreInfo } from '@storecast/contract';
import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import type { StoreInput } from './connect-store.ts';

type ShopRow = typeof shops.$inferSelect;

const toStoreInfo = (shop: ShopRow, role: 'owner' | 'manager'): StoreInfo => ({
  shop_id: shop.id,
  name: shop.name,
  homepage_url: shop.homepageUrl,
  platform: shop.platform as StoreInfo['platform'],
  platform_domain: shop.platformDomain,
  currency: shop.currency,
  timezone: shop.timezone,
  language: shop.language,
  postal_address: shop.postalAddress,
  install_date: shop.installedAt.toISOString(),
  role,
});

// The store row is the scope itself, so it is matched by the scope's id.
export async function readStoreInfo(deps: Deps, scope: ShopScope, role: 'owner' | 'manager') {
  const [shop] = await deps.dbh.db.select().from(shops).where(eq(shops.id, scope.shopId));
  if (!shop) throw notFound();
  return toStoreInfo(shop, role);
}

export async function saveStoreInfo(deps: Deps, scope: ShopScope, role: 'owner' | 'manager', input: StoreInput) {
  const [shop] = await deps.dbh.db
    .update(shops)
    .set({
      name: input.name,
      homepageUrl: input.homepage_url,
      currency: input.currency,
      timezone: input.timezone,
      ...(input.postal_address !== undefined ? { postalAddress: input.postal_address } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      // A custom store's domain is its homepage's; platform stores keep the platform's domain.
      ...(await isCustom(deps, scope) ? { platformDomain: parseHomepage(input.homepage_url)!.hostname } : {}),
    })
    .where(eq(shops.id, scope.shopId))
    .returning();
  if (!shop) throw notFound();
  return toStoreInfo(shop, role);
}

async function isCustom(deps: Deps, scope: ShopScope) {
  const [s] = await deps.dbh.db.select({ platform: shops.platform }).from(shops).where(eq(shops.id, scope.shopId));
  return s?.platform === 'custom';
}
