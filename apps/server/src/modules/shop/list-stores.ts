import { shopMembers, shops } from '@storecast/db';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { SessionContext } from '../auth/index.ts';

/** The stores a user owns or manages, oldest first, marking the session's current one. */
export async function listStores(deps: Deps, s: SessionContext) {
  const rows = await deps.dbh.db
    .select({ shop: shops, role: shopMembers.role })
    .from(shopMembers)
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(eq(shopMembers.userId, s.user.id))
    .orderBy(asc(shopMembers.createdAt));
  return rows.map(({ shop, role }) => ({
    shop_id: shop.id,
    name: shop.name,
    shop_url: shop.platformDomain,
    platform: shop.platform as 'custom',
    role,
    current: shop.id === s.shopId,
  }));
}
