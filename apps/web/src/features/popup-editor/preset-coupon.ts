import type { CouponPreset } from '@storecast/contract';
import type { RevealedCoupon } from '@storecast/popup-view';

/** The coupon a pop-up reveals, as the preview shows it: the chosen preset, or null. */
export function presetCoupon(presets: readonly CouponPreset[] | undefined, id: string | null | undefined): RevealedCoupon | null {
  const preset = id ? presets?.find((p) => p.id === id) : undefined;
  return preset ? { code: preset.code, discount: preset.discount, description: preset.description } : null;
}
