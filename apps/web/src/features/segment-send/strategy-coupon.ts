import type { CouponPreset, EmailDoc } from '@storecast/contract';
import { matchingPreset } from '../email-editor/index.ts';

/**
 * The strategy's `coupon_id`: the store preset the e-mail's coupon block was filled from, while
 * the block still matches it in every field (the same test the picker uses to show it as
 * chosen). A block typed by hand, edited away from its preset, or no coupon block at all: none.
 */
export function strategyCouponId(doc: EmailDoc, presets: readonly CouponPreset[]): string | null {
  const block = doc.blocks.find((b) => b.type === 'coupon');
  if (!block || block.type !== 'coupon') return null;
  return matchingPreset(presets, block)?.id ?? null;
}
