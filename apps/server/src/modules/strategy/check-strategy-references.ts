import { isUuid } from '@storecast/contract';
import { coupons, type Db, segments, type ShopScope } from '@storecast/db';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { findSystemGroup, isSystemId } from '../audience/index.ts';

/**
 * A strategy names only the store's own segments (or a system group) and its own coupon preset.
 * Another store's ids would reach nobody here, as every read is scoped, but they would dangle
 * in the draft; they are refused when saved, drafts included.
 */
export async function checkStrategyReferences(db: Db, scope: ShopScope, body: { segment_ids: string[]; coupon_id: string | null }) {
  const saved = new Set<number>();
  for (const id of body.segment_ids) {
    if (isSystemId(id)) {
      if (!findSystemGroup(id)) throw segmentNotFound();
    } else if (/^\d{1,15}$/.test(id)) saved.add(Number(id));
    else throw segmentNotFound();
  }
  if (saved.size > 0) {
    const found = await db.select({ id: segments.id }).from(segments).where(scope.where(segments, inArray(segments.id, [...saved])));
    if (found.length !== saved.size) throw segmentNotFound();
  }
  if (body.coupon_id !== null && body.coupon_id !== '') {
    const [row] = isUuid(body.coupon_id)
      ? await db.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, eq(coupons.id, body.coupon_id)))
      : [];
    if (!row) throw new AppError('errors.strategy.couponNotFound', 400);
  }
}

const segmentNotFound = () => new AppError('errors.strategy.segmentNotFound', 400);
