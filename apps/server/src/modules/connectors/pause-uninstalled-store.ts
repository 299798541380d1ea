import { type Db, platformConnections, type ShopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';

/**
 * The platform says the app was uninstalled: the link is marked `uninstalled` and the store not
 * authorised (`install_status` 0, SPEC section 4). Its data stays. What sends reads that mark:
 * a scheduled send waits instead of starting and flow runs wait instead of advancing (the
 * strategy and flows modules check the store is authorised), until the owner installs again.
 */
export async function pauseUninstalledStore(db: Db, scope: ShopScope, platform: string) {
  await db.update(platformConnections).set({ status: 'uninstalled', updatedAt: new Date() })
    .where(scope.where(platformConnections, eq(platformConnections.platform, platform)));
  await db.update(shops).set({ installStatus: 0, updatedAt: new Date() }).where(eq(shops.id, scope.shopId));
}
