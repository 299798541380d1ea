import type { BlockedProduct } from '@storecast/contract';
import { blockedProducts, type Db, products, type ShopScope } from '@storecast/db';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { toProductSummary } from './product-summary.ts';

export interface BlockedListQuery { q: string; page: number; page_size: number }

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the store's blocked products, last blocked first. `q` matches any part of the title
 * (any case) or the product id exactly: the scan is over the store's blocked rows only, which
 * BLOCKED_PRODUCTS.perStore bounds, so a title need not be remembered from its start.
 */
export async function listBlockedProducts(db: Db, scope: ShopScope, query: BlockedListQuery): Promise<{ items: BlockedProduct[]; total: number }> {
  const q = query.q.trim();
  const search: SQL | undefined = q
    ? or(eq(products.externalId, q), sql`lower(${products.title}) like '%' || lower(${escapeLike(q)}) || '%'`)
    : undefined;
  const where = and(scope.where(blockedProducts), eq(products.shopId, blockedProducts.shopId), search);
  const variants = sql<number>`(select count(*)::int from product_variants v where v.product_id = products.id)`;
  const [rows, [count]] = await Promise.all([
    db.select({ p: products, blockedAt: blockedProducts.createdAt, variants }).from(blockedProducts)
      .innerJoin(products, eq(products.id, blockedProducts.productId)).where(where)
      .orderBy(desc(blockedProducts.createdAt), desc(blockedProducts.productId))
      .limit(query.page_size).offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(blockedProducts)
      .innerJoin(products, eq(products.id, blockedProducts.productId)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...toProductSummary(r.p, Number(r.variants)), blocked_at: r.blockedAt.toISOString() })),
    total: Number(count?.n ?? 0),
  };
}
