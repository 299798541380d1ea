import { isUuid } from '@storecast/contract';
import { coupons, type Db, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';

export interface RevealedCoupon { code: string; discount: number; description: string }

/** The store's coupon preset a pop-up promises, or null when it has none (or it was deleted). */
export async function readCoupon(db: Db, scope: ShopScope, presetId: string | null): Promise<RevealedCoupon | null> {
  if (!presetId || !isUuid(presetId)) return null;
  const [row] = await db.select({ code: coupons.code, discount: coupons.discount, description: coupons.description })
    .from(coupons).where(scope.where(coupons, eq(coupons.id, presetId)));
  return row ?? null;
}
