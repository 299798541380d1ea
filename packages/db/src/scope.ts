import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type ShopOwned = { shopId: PgColumn };

/**
 * The one way store-owned rows are read and written. A request on a store route gets a scope
 * for the store of its session; routes never compare `shop_id` by hand, so a forgotten filter
 * cannot leak another store's rows.
 *
 *   db.select().from(t).where(scope.where(t, eq(t.id, id)))
 *   db.insert(t).values(scope.values({ name }))
 */
export interface ShopScope {
  readonly shopId: string;
  where<T extends ShopOwned>(table: T, ...conditions: (SQL | undefined)[]): SQL;
  values<V extends object>(row: V): V & { shopId: string };
}

export function shopScope(shopId: string): ShopScope {
  if (!shopId) throw new Error('shopScope needs a shop id');
  return {
    shopId,
    where: (table, ...conditions) => and(eq(table.shopId, shopId), ...conditions)!,
    values: (row) => ({ ...row, shopId }),
  };
}
