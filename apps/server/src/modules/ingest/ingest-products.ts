import { CURRENCY_IDS, INT4_MAX, ingestProductSchema, type Locale } from '@storecast/contract';
import { type Db, productVariants, products, type ShopScope } from '@storecast/db';
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { checkItems, type IngestResult, rejectItem, sortRejected } from './check-items.ts';

type Product = z.output<typeof ingestProductSchema>;
type Variant = Product['variants'][number];

const currencies = new Set<string>(CURRENCY_IDS);

/**
 * Upserts products with their variants by the store's product id. The variants sent are the
 * product's variants: others it had are removed. Price, compare-at price and stock left out are
 * drawn from the variants (the lowest price, that variant's compare-at, the tracked stock summed).
 * A product sent again unchanged is not written, so a repeated batch changes nothing.
 */
export async function ingestProducts(db: Db, scope: ShopScope, raw: unknown, locale: Locale): Promise<IngestResult> {
  const { items, result } = checkItems(raw, 'products', ingestProductSchema, locale, 500);
  for (const { index, item } of items) {
    await giveOthersATurn();
    const currency = item.currency.toUpperCase();
    if (!currencies.has(currency)) {
      rejectItem(result, index, 'errors.ingest.badCurrency', locale, 'currency');
      continue;
    }
    const variants = lastOfEachId(item.variants);
    if (item.price === undefined && variants.length === 0) {
      rejectItem(result, index, 'errors.ingest.priceRequired', locale, 'price');
      continue;
    }
    const created = await db.transaction((tx) => upsertProduct(tx as unknown as Db, scope, { ...item, currency }, variants));
    if (created) result.created += 1;
    else result.updated += 1;
  }
  return sortRejected(result);
}

/** A variant id sent twice for one product: the later entry is the one meant. */
export function lastOfEachId(variants: Variant[]): Variant[] {
  return [...new Map(variants.map((v) => [v.id, v])).values()];
}

export function fieldsOf(p: Product, variants: Variant[]) {
  const cheapest = variants.reduce<Variant | undefined>((low, v) => (!low || v.price < low.price ? v : low), undefined);
  const tracked = variants.filter((v) => v.stock !== null && v.stock !== undefined);
  const summed = tracked.length ? tracked.reduce((n, v) => n + v.stock!, 0) : null;
  return {
    handle: p.handle,
    title: p.title,
    url: p.url,
    images: p.images,
    price: p.price ?? cheapest!.price,
    compareAtPrice: compareAtOf(p, cheapest),
    currency: p.currency,
    collection: p.collection?.trim() ? p.collection.trim() : null,
    tags: p.tags,
    // The column is a 32-bit integer; a sum beyond it is kept at the limit.
    stock: p.stock !== undefined ? p.stock : summed === null ? null : Math.max(-INT4_MAX, Math.min(INT4_MAX, summed)),
    status: p.status,
  };
}

/** The compare-at price sent; without a price sent, that of the cheapest variant. */
function compareAtOf(p: Product, cheapest: Variant | undefined): number | null {
  if (p.price !== undefined || p.compare_at_price !== undefined) return p.compare_at_price ?? null;
  return cheapest?.compare_at_price ?? null;
}

type Fields = ReturnType<typeof fieldsOf>;
type VariantFields = { title: string; sku: string; price: number; compareAtPrice: number | null; stock: number | null };

export const variantFields = (v: Variant): VariantFields => ({
  title: v.title, sku: v.sku, price: v.price, compareAtPrice: v.compare_at_price ?? null, stock: v.stock ?? null,
});

/** Whether the product is created (true) or was there already (false). */
async function upsertProduct(db: Db, scope: ShopScope, p: Product, variants: Variant[]): Promise<boolean> {
  const fields = fieldsOf(p, variants);
  const [existing] = await db.select().from(products)
    .where(scope.where(products, eq(products.externalId, p.id))).for('update');
  if (existing) {
    const had = await db.select().from(productVariants)
      .where(scope.where(productVariants, eq(productVariants.productId, existing.id)));
    if (sameProduct(existing, fields) && sameVariants(had, variants)) return false;
  }
  const updatedAt = p.updated_at ? new Date(p.updated_at) : new Date();
  const [row] = await db.insert(products).values(scope.values({ externalId: p.id, ...fields, updatedAt }))
    .onConflictDoUpdate({ target: [products.shopId, products.externalId], set: { ...fields, updatedAt } })
    .returning({ id: products.id });
  const productId = row!.id;
  const keep = variants.map((v) => v.id);
  await db.delete(productVariants).where(scope.where(productVariants, and(
    eq(productVariants.productId, productId),
    keep.length ? notInArray(productVariants.externalId, keep) : undefined,
  )));
  for (const v of variants) {
    const set = { ...variantFields(v), updatedAt };
    await db.insert(productVariants).values(scope.values({ productId, externalId: v.id, ...set }))
      .onConflictDoUpdate({ target: [productVariants.productId, productVariants.externalId], set });
  }
  return !existing;
}

export function sameProduct(row: typeof products.$inferSelect, f: Fields): boolean {
  return row.handle === f.handle && row.title === f.title && row.url === f.url && sameJson(row.images, f.images)
    && row.price === f.price && row.compareAtPrice === f.compareAtPrice && row.currency === f.currency
    && row.collection === f.collection && sameJson(row.tags, f.tags) && row.stock === f.stock && row.status === f.status;
}

export function sameVariants(had: (typeof productVariants.$inferSelect)[], sent: Variant[]): boolean {
  if (had.length !== sent.length) return false;
  const byId = new Map(had.map((v) => [v.externalId, v]));
  return sent.every((v) => {
    const h = byId.get(v.id);
    if (!h) return false;
    const f = variantFields(v);
    return h.title === f.title && h.sku === f.sku && h.price === f.price && h.compareAtPrice === f.compareAtPrice && h.stock === f.stock;
  });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
