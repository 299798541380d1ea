import type { ProductStatus, ProductSummary } from '@storecast/contract';
import { type Db, productVariants, products, type ShopScope } from '@storecast/db';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { toProductSummary } from './product-summary.ts';

export interface ProductListQuery {
  q: string;
  collection: string;
  status?: ProductStatus;
  page: number;
  page_size: number;
}

/** LIKE's own characters in what a person typed, taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the store's products, newest change first. `q` is the store's product id
 * exactly, a handle (any case) exactly, or the start of a title (any case), each on an index.
 */
export async function listProducts(db: Db, scope: ShopScope, query: ProductListQuery): Promise<{ items: ProductSummary[]; total: number }> {
  const q = query.q.trim();
  const filters: (SQL | undefined)[] = [];
  if (q) {
    filters.push(or(
      eq(products.externalId, q),
      sql`lower(${products.handle}) = lower(${q})`,
      sql`lower(${products.title}) like lower(${escapeLike(q)}) || '%'`,
    ));
  }
  if (query.collection.trim()) filters.push(eq(products.collection, query.collection.trim()));
  if (query.status) filters.push(eq(products.status, query.status));
  const where = scope.where(products, and(...filters));
  // Spelled out: inside a sub-select drizzle would leave the outer column unqualified.
  const variants = sql<number>`(select count(*)::int from product_variants v where v.product_id = products.id)`;
  const [rows, [count]] = await Promise.all([
    db.select({ p: products, variants }).from(products).where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(query.page_size).offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { items: rows.map((r) => toProductSummary(r.p, Number(r.variants))), total: Number(count?.n ?? 0) };
}

/** A product's variant count, for the one-product answer. */
export async function countVariants(db: Db, scope: ShopScope, productId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productVariants)
    .where(scope.where(productVariants, eq(productVariants.productId, productId)));
  return Number(row?.n ?? 0);
}
