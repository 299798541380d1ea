import type { PopupContent } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { AppError } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';

/** A pop-up may only promise one of the store's own coupon presets; another store's is "not found". */
export async function checkCoupon(db: Db, scope: ShopScope, content: PopupContent): Promise<void> {
  if (content.coupon_preset_id === null) return;
  if (!(await readCoupon(db, scope, content.coupon_preset_id))) throw new AppError('errors.popup.couponNotFound', 400);
}
