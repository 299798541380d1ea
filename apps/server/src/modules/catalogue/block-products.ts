import { BLOCKED_PRODUCTS } from '@storecast/contract';
import { blockedProducts, type Db, products, type ShopScope } from '@storecast/db';
import { count, inArray } from 'drizzle-orm';
import { AppError, FieldError } from '../../http/app-error.ts';

/** The store's catalogue rows for these product ids; an id the store does not have is refused, by its place. */
async function resolveOwnProducts(db: Db, scope: ShopScope, ids: readonly string[]): Promise<number[]> {
  const unique = [...new Set(ids.map((id) => id.trim()))];
  const rows = await db.select({ id: products.id, externalId: products.externalId }).from(products)
    .where(scope.where(products, inArray(products.externalId, unique)));
  const byRef = new Map(rows.map((r) => [r.externalId, Number(r.id)]));
  const missing = ids.findIndex((id) => !byRef.has(id.trim()));
  if (missing >= 0) throw new FieldError(`product_ids.${missing}`, 'errors.catalogue.notInCatalogue', { id: ids[missing]!.trim() });
  return unique.map((id) => byRef.get(id)!);
}

/**
 * POST /product/block: the store's own products onto its blocked list. One already there stays as
 * it was (its date too), so blocking twice is harmless. The list's size is checked inside the
 * transaction that writes it; two calls at once may pass it by one call's worth, which the limit
 * (a bound on scans, not a quota) can bear.
 */
export async function blockProducts(db: Db, scope: ShopScope, ids: readonly string[]): Promise<{ added: number; total: number }> {
  const productIds = await resolveOwnProducts(db, scope, ids);
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(blockedProducts).values(productIds.map((productId) => scope.values({ productId })))
      .onConflictDoNothing().returning({ id: blockedProducts.productId });
    const [row] = await tx.select({ n: count() }).from(blockedProducts).where(scope.where(blockedProducts));
    const total = Number(row?.n ?? 0);
    if (total > BLOCKED_PRODUCTS.perStore) throw new AppError('errors.catalogue.blockedFull', 400, undefined, { max: BLOCKED_PRODUCTS.perStore });
    return { added: inserted.length, total };
  });
}

/** POST /product/unblock: off the list; an id that is not on it (or not the store's) changes nothing. */
export async function unblockProducts(db: Db, scope: ShopScope, ids: readonly string[]): Promise<{ removed: number }> {
  const unique = [...new Set(ids.map((id) => id.trim()))];
  const removed = await db.delete(blockedProducts).where(scope.where(blockedProducts, inArray(
    blockedProducts.productId,
    db.select({ id: products.id }).from(products).where(scope.where(products, inArray(products.externalId, unique))),
  ))).returning({ id: blockedProducts.productId });
  return { removed: removed.length };
}
