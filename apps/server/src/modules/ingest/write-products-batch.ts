import { CURRENCY_IDS, ingestProductSchema, type Locale } from '@storecast/contract';
import { type Db, products, productVariants, type ShopScope } from '@storecast/db';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type BatchRecord, checkRecords, isoOrNull, jsonb, NEWER_OR_SAME, rowsOf, splitRound } from './batch-rows.ts';
import { type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { fieldsOf, lastOfEachId, sameProduct, sameVariants, variantFields } from './ingest-products.ts';

type Product = z.output<typeof ingestProductSchema>;
type Pending = { index: number; item: Product; at: string | null; variants: Product['variants'] };

const currencies = new Set<string>(CURRENCY_IDS);

/**
 * The catalogue writer (`ingest-products.ts`) for a whole batch in one transaction of a few
 * set-based statements: the same products and variants, an unchanged product left unwritten.
 * A product with a platform time older than the stored one's is left out; an unchanged one
 * still keeps the newer platform time.
 */
export async function ingestProductsBatch(db: Db, scope: ShopScope, records: readonly BatchRecord[], locale: Locale): Promise<IngestResult> {
  const { items, result } = checkRecords(records, 'products', ingestProductSchema, locale, 500);
  let pending: Pending[] = [];
  for (const x of items) {
    const currency = x.item.currency.toUpperCase();
    if (!currencies.has(currency)) {
      rejectItem(result, x.index, 'errors.ingest.badCurrency', locale, 'currency');
      continue;
    }
    const variants = lastOfEachId(x.item.variants);
    if (x.item.price === undefined && variants.length === 0) {
      rejectItem(result, x.index, 'errors.ingest.priceRequired', locale, 'price');
      continue;
    }
    pending.push({ ...x, item: { ...x.item, currency }, variants });
  }
  if (!pending.length) return sortRejected(result);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    while (pending.length) {
      const { round, later } = splitRound(pending, (p) => [`p:${p.item.id}`]);
      const stored = await tx.select().from(products)
        .where(scope.where(products, inArray(products.externalId, round.map((p) => p.item.id)))).for('update');
      const byExt = new Map(stored.map((r) => [r.externalId, r]));
      const had = stored.length
        ? await tx.select().from(productVariants).where(scope.where(productVariants, inArray(productVariants.productId, stored.map((r) => r.id))))
        : [];
      const changed: Pending[] = [];
      const unchanged: Pending[] = [];
      for (const p of round) {
        const row = byExt.get(p.item.id);
        // The platform changed the stored product later: this older version loses.
        if (row?.platformUpdatedAt && p.at && Date.parse(p.at) < row.platformUpdatedAt.getTime()) continue;
        const same = row && sameProduct(row, fieldsOf(p.item, p.variants)) && sameVariants(had.filter((v) => v.productId === row.id), p.variants);
        (same ? unchanged : changed).push(p);
        if (row) result.updated += 1;
        else result.created += 1;
      }
      await upsertProducts(tx, scope, changed);
      await keepPlatformTimes(tx, scope, unchanged.filter((p) => p.at));
      pending = later;
    }
  });
  return sortRejected(result);
}

/** Writes the products and replaces their variants with the ones sent. */
async function upsertProducts(db: Db, scope: ShopScope, list: Pending[]) {
  if (!list.length) return;
  const rows = await rowsOf<{ id: string | number; ext: string }>(db, sql`
    insert into products (shop_id, external_id, handle, title, url, images, price, compare_at_price, currency, collection, tags, stock, status, updated_at, platform_updated_at)
    select ${scope.shopId}, v.id, v.handle, v.title, v.url, v.images, v.price, v.compare_at_price, v.currency, v.collection, v.tags, v.stock, v.status,
      coalesce(v.updated_at, now()), v.at
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => {
      const f = fieldsOf(p.item, p.variants);
      return {
        ord, id: p.item.id, handle: f.handle, title: f.title, url: f.url, images: f.images, price: f.price, compare_at_price: f.compareAtPrice,
        currency: f.currency, collection: f.collection, tags: f.tags, stock: f.stock, status: f.status, updated_at: isoOrNull(p.item.updated_at), at: p.at,
      };
    }))}::jsonb) as v(ord int, id text, handle text, title text, url text, images jsonb, price bigint, compare_at_price bigint, currency text,
      collection text, tags jsonb, stock int, status text, updated_at timestamptz, at timestamptz)
    order by v.ord
    on conflict (shop_id, external_id) do update set handle = excluded.handle, title = excluded.title, url = excluded.url, images = excluded.images,
      price = excluded.price, compare_at_price = excluded.compare_at_price, currency = excluded.currency, collection = excluded.collection,
      tags = excluded.tags, stock = excluded.stock, status = excluded.status, updated_at = excluded.updated_at,
      platform_updated_at = greatest(products.platform_updated_at, excluded.platform_updated_at)
    where ${sql.raw(NEWER_OR_SAME('products'))}
    returning id, external_id as ext`);
  const ids = new Map(rows.map((r) => [r.ext, Number(r.id)]));
  const written = list.filter((p) => ids.has(p.item.id));
  if (!written.length) return;
  const variants = written.flatMap((p) => p.variants.map((v) => {
    const f = variantFields(v);
    return {
      product_id: ids.get(p.item.id)!, id: v.id, title: f.title, sku: f.sku, price: f.price, compare_at_price: f.compareAtPrice,
      stock: f.stock, updated_at: isoOrNull(p.item.updated_at),
    };
  }));
  // The variants sent are the product's variants: the others it had go.
  await db.execute(sql`delete from product_variants pv where pv.shop_id = ${scope.shopId}
    and pv.product_id = any(array(select jsonb_array_elements_text(${jsonb([...ids.values()].map(String))}::jsonb)::bigint))
    and not exists (select 1 from jsonb_to_recordset(${jsonb(variants.map((v) => ({ p: v.product_id, id: v.id })))}::jsonb) as k(p bigint, id text)
      where k.p = pv.product_id and k.id = pv.external_id)`);
  if (!variants.length) return;
  await db.execute(sql`
    insert into product_variants (shop_id, product_id, external_id, title, sku, price, compare_at_price, stock, updated_at)
    select ${scope.shopId}, v.product_id, v.id, v.title, v.sku, v.price, v.compare_at_price, v.stock, coalesce(v.updated_at, now())
    from jsonb_to_recordset(${jsonb(variants.map((v, ord) => ({ ord, ...v })))}::jsonb)
      as v(ord int, product_id bigint, id text, title text, sku text, price bigint, compare_at_price bigint, stock int, updated_at timestamptz)
    order by v.ord
    on conflict (product_id, external_id) do update set title = excluded.title, sku = excluded.sku, price = excluded.price,
      compare_at_price = excluded.compare_at_price, stock = excluded.stock, updated_at = excluded.updated_at`);
}

/** An unchanged product still keeps the platform's newer time, so an older webhook later loses. */
async function keepPlatformTimes(db: Db, scope: ShopScope, list: Pending[]) {
  if (!list.length) return;
  await db.execute(sql`update products p set platform_updated_at = greatest(p.platform_updated_at, v.at)
    from jsonb_to_recordset(${jsonb(list.map((x) => ({ id: x.item.id, at: x.at })))}::jsonb) as v(id text, at timestamptz)
    where p.shop_id = ${scope.shopId} and p.external_id = v.id`);
}
