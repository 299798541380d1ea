import type { EmailBlock } from '@storecast/contract';
import type { ProductView, RenderContext } from './types.ts';

type ProductBlock = Extract<EmailBlock, { type: 'product' }>;
type GridBlock = Extract<EmailBlock, { type: 'product_grid' }>;

/** The product a `product` block shows: the one it names, or the shopper's own when it names none. */
export function productOf(block: ProductBlock, ctx: RenderContext): ProductView | null {
  if (block.product_id === null) return ctx.matchedProduct ?? null;
  return ctx.products?.get(block.product_id) ?? null;
}

/** The products of a grid still in the catalogue, in the block's order. */
export function gridProductsOf(block: GridBlock, ctx: RenderContext): ProductView[] {
  return block.product_ids.flatMap((id) => {
    const p = ctx.products?.get(id);
    return p ? [p] : [];
  });
}

export interface ProductWarnings {
  warnings: string[];
  params: Record<string, Record<string, string>>;
}

/**
 * Product blocks that draw nothing: a product no longer in the catalogue (its ids go into the
 * message) and the shopper's product outside an Element Send, which has none to give.
 */
export function findProductWarnings(blocks: readonly EmailBlock[], ctx: RenderContext): ProductWarnings {
  const missing = new Set<string>();
  let matchedOutside = false;
  for (const b of blocks) {
    if (b.type === 'product') {
      if (b.product_id === null) matchedOutside ||= !ctx.matchedProduct;
      else if (!ctx.products?.has(b.product_id)) missing.add(b.product_id);
    }
    if (b.type === 'product_grid') for (const id of b.product_ids) if (!ctx.products?.has(id)) missing.add(id);
  }
  const out: ProductWarnings = { warnings: [], params: {} };
  if (missing.size > 0) {
    out.warnings.push('errors.content.productMissing');
    out.params['errors.content.productMissing'] = { id: [...missing].join(', ') };
  }
  if (matchedOutside) out.warnings.push('errors.content.matchedProductOutsideElement');
  return out;
}
