import { type CampaignFields, type Locale, translateError } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { FieldError } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';

/**
 * A campaign and its prizes may only name the store's own coupon presets; another store's is
 * refused at the field that names it, like a deleted one.
 */
export async function checkCoupons(db: Db, scope: ShopScope, c: CampaignFields) {
  if (c.coupon_preset_id !== null && !(await readCoupon(db, scope, c.coupon_preset_id))) {
    throw new FieldError('campaign.coupon_preset_id', 'errors.campaign.couponNotFound');
  }
  for (const [i, p] of (c.draw?.prizes ?? []).entries()) {
    if (p.coupon_preset_id !== null && !(await readCoupon(db, scope, p.coupon_preset_id))) {
      throw new FieldError(`campaign.draw.prizes.${i}.coupon_preset_id`, 'errors.campaign.couponNotFound');
    }
  }
}

/**
 * SPEC 8's "coupon information not modified" warning: a percentage offer whose coupon preset
 * still takes off another percentage. Saved anyway (the owner may mean it), with the warning.
 */
export async function couponWarnings(db: Db, scope: ShopScope, locale: Locale, c: CampaignFields) {
  const offer = c.form === 'percent' ? c.thresholds[0]?.offer_value : undefined;
  if (offer === undefined || c.coupon_preset_id === null) return [];
  const preset = await readCoupon(db, scope, c.coupon_preset_id);
  if (!preset || preset.discount === offer) return [];
  const key = 'notices.campaign.couponNotModified';
  return [{ key, message: translateError(locale, key, { code: preset.code, discount: preset.discount, offer }) }];
}
