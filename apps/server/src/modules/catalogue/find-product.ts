import { type ShopScope, products } from '@storecast/db';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { type ProductRow, toProductView } from './product-summary.ts';
import type { ProductView } from '@storecast/email';

/**
 * One product by the store's product id, or else by its handle (case-insensitive): what a person
 * types in a product search. Archived products are not offered. Throws "Product ID/Handle not found.".
 */
export async function findProductByRef(deps: Deps, scope: ShopScope, ref: string): Promise<ProductRow> {
  const r = ref.trim();
  const rows = await deps.dbh.db.select().from(products)
    .where(scope.where(products, and(
      ne(products.status, 'archived'),
      or(eq(products.externalId, r), sql`lower(${products.handle}) = lower(${r})`),
    )))
    .limit(2);
  // An id wins over another product's identical handle.
  const row = rows.find((p) => p.externalId === r) ?? rows[0];
  if (!row) throw new AppError('errors.catalogue.notFound', 404);
  return row;
}

/** The e-mail views of the products a document names, by the store's product id; missing ones are left out. */
export async function loadProductViews(deps: Deps, scope: ShopScope, ids: readonly string[]): Promise<Map<string, ProductView>> {
  const out = new Map<string, ProductView>();
  if (ids.length === 0) return out;
  const rows = await deps.dbh.db.select().from(products).where(scope.where(products, inArray(products.externalId, [...ids])));
  for (const p of rows) out.set(p.externalId, toProductView(p));
  return out;
}
