import type { Db, ShopScope } from '@storecast/db';
import { readCoupon } from '../brand/index.ts';

export interface RevealedCoupon { code: string; discount: number; description: string }

/** The store's coupon preset a pop-up promises, as a shopper sees it; null when it has none (or it was deleted). */
export async function revealCoupon(db: Db, scope: ShopScope, presetId: string | null): Promise<RevealedCoupon | null> {
  const preset = presetId ? await readCoupon(db, scope, presetId) : null;
  return preset && { code: preset.code, discount: preset.discount, description: preset.description };
}
