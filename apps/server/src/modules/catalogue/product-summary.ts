import { formatMoney, type ProductSummary } from '@storecast/contract';
import type { products } from '@storecast/db';
import type { ProductView } from '@storecast/email';

export type ProductRow = typeof products.$inferSelect;

/** A catalogue row as the API shows it; `variants` is the row's variant count when known. */
export function toProductSummary(p: ProductRow, variants = 0): ProductSummary {
  return {
    id: p.externalId,
    handle: p.handle,
    title: p.title,
    url: p.url,
    image: p.images[0] ?? null,
    price: p.price,
    compare_at_price: p.compareAtPrice,
    currency: p.currency,
    collection: p.collection,
    tags: p.tags,
    stock: p.stock,
    status: p.status,
    variants,
    updated_at: p.updatedAt.toISOString(),
  };
}

/** A catalogue row as an e-mail draws it: prices formatted in the product's currency. */
export function toProductView(p: ProductRow): ProductView {
  const compare = p.compareAtPrice !== null && p.compareAtPrice > p.price ? formatMoney(p.compareAtPrice, p.currency) : null;
  return {
    id: p.externalId,
    title: p.title,
    image: p.images[0] ?? null,
    url: p.url,
    price: formatMoney(p.price, p.currency),
    compareAtPrice: compare,
  };
}
