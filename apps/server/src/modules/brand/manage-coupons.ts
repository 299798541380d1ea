import { isUuid, type CouponPreset } from '@storecast/contract';
import { coupons, type Db, type ShopScope } from '@storecast/db';
import { desc, eq } from 'drizzle-orm';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../http/app-error.ts';

type Row = typeof coupons.$inferSelect;
const toPreset = (r: Row): CouponPreset => ({
  id: r.id, code: r.code, discount: r.discount, description: r.description, updated_at: r.updatedAt.toISOString(),
});

export async function listCoupons(db: Db, scope: ShopScope): Promise<CouponPreset[]> {
  const rows = await db.select().from(coupons).where(scope.where(coupons)).orderBy(desc(coupons.updatedAt));
  return rows.map(toPreset);
}

/** One preset of the store, for the pipeline putting a coupon into an e-mail; null if none. */
export async function readCoupon(db: Db, scope: ShopScope, id: string): Promise<CouponPreset | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(coupons).where(scope.where(coupons, eq(coupons.id, id)));
  return row ? toPreset(row) : null;
}

/** Adds a preset, or edits the one `id` names. A code is unique within the store. */
export async function saveCoupon(
  db: Db,
  scope: ShopScope,
  input: { id?: string; code: string; discount: number; description: string },
): Promise<CouponPreset> {
  const fields = { code: input.code, discount: input.discount, description: input.description };
  try {
    if (input.id !== undefined) {
      if (!isUuid(input.id)) throw notFound('errors.preset.notFound');
      const [row] = await db.update(coupons).set({ ...fields, updatedAt: new Date() })
        .where(scope.where(coupons, eq(coupons.id, input.id))).returning();
      if (!row) throw notFound('errors.preset.notFound');
      return toPreset(row);
    }
    const [row] = await db.insert(coupons).values(scope.values(fields)).returning();
    return toPreset(row!);
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new AppError('errors.preset.codeTaken', 409);
    throw err;
  }
}

/** Deleting is idempotent: an unknown id (or another store's) deletes nothing and says so. */
export async function deleteCoupon(db: Db, scope: ShopScope, id: string): Promise<{ deleted: boolean }> {
  if (!isUuid(id)) return { deleted: false };
  const gone = await db.delete(coupons).where(scope.where(coupons, eq(coupons.id, id))).returning({ id: coupons.id });
  return { deleted: gone.length > 0 };
}
