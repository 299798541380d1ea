import { randomInt } from 'node:crypto';
import { coupons, type Db, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { RevealedCoupon } from './reveal-coupon.ts';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = UPPER.toLowerCase();
const DIGITS = '23456789';
const pick = (set: string) => set[randomInt(set.length)]!;

/**
 * What a sign-up with the honeypot filled is shown instead of the pop-up's coupon: the same
 * discount and description, and a code of the real one's shape (a letter for a letter, a digit
 * for a digit) that is none of the store's codes, so a bot learns neither that it was caught nor
 * a code it could pass on. It is stored nowhere, so no page ever reveals it again and no order can
 * carry it as a code the store knows.
 */
export async function decoyCoupon(db: Db, scope: ShopScope, real: RevealedCoupon): Promise<RevealedCoupon> {
  for (let attempt = 0; ; attempt++) {
    let code = [...real.code].map((c) => (/[A-Z]/.test(c) ? pick(UPPER) : /[a-z]/.test(c) ? pick(LOWER) : /\d/.test(c) ? pick(DIGITS) : c)).join('');
    // A code with few letters and digits has few look-alikes: it grows until one is free.
    if (attempt > 2) code += Array.from({ length: attempt }, () => pick(UPPER)).join('');
    if (code.toUpperCase() === real.code.toUpperCase()) continue;
    const taken = await db.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, eq(coupons.code, code))).limit(1);
    if (taken.length === 0) return { ...real, code };
  }
}
