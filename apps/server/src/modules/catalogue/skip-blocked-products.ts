import { blockedProducts, type Db, type ShopScope } from '@storecast/db';
import { inArray, type SQL, sql } from 'drizzle-orm';

/**
 * Whether a `products` row is on its store's blocked list, as a column of the query that reads the
 * product: one probe of the list's primary key, so whoever chooses products for shoppers asks the
 * database rather than loading products and dropping blocked ones after.
 */
export const isBlocked = (): SQL<boolean> => sql.raw(isBlockedSql('"products"')) as SQL<boolean>;

/**
 * The same test for hand-written SQL that reads `products` under `alias`. Spelled out rather than
 * built from drizzle's columns, which a sub-select would leave unqualified (and so compare the
 * list's own columns with themselves).
 */
export function isBlockedSql(alias: string) {
  return `exists (select 1 from blocked_products bp where bp.shop_id = ${alias}.shop_id and bp.product_id = ${alias}.id)`;
}

/** Which of these catalogue rows (`products.id`) the store has blocked. */
export async function findBlockedIds(db: Db, scope: ShopScope, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.select({ id: blockedProducts.productId }).from(blockedProducts)
    .where(scope.where(blockedProducts, inArray(blockedProducts.productId, [...productIds])));
  return new Set(rows.map((r) => Number(r.id)));
}
