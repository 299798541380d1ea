import type { CouponPreset, EmailDoc } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { strategyCouponId } from './strategy-coupon.ts';

const presets: CouponPreset[] = [
  { id: 'p1', code: 'SPRING15', discount: 15, description: 'Spring sale', updated_at: '2025-03-01T00:00:00Z' },
  { id: 'p2', code: 'VIP30', discount: 30, description: '', updated_at: '2025-02-01T00:00:00Z' },
];
const footer = { type: 'footer' as const, id: 'f', text: '', address: '' };
const withCoupon = (code: string, discount: number, description: string): EmailDoc => ({
  version: 1, blocks: [{ type: 'coupon', id: 'c', code, discount, description }, footer],
});

describe('the strategy\'s coupon preset', () => {
  it('is the preset the coupon block was filled from', () => {
    expect(strategyCouponId(withCoupon('VIP30', 30, ''), presets)).toBe('p2');
    expect(strategyCouponId(withCoupon('SPRING15', 15, 'Spring sale'), presets)).toBe('p1');
  });

  it('is none for a block typed by hand or edited away from its preset, or without a coupon block', () => {
    expect(strategyCouponId(withCoupon('VIP30', 25, ''), presets)).toBeNull();
    expect(strategyCouponId(withCoupon('MINE', 5, ''), presets)).toBeNull();
    expect(strategyCouponId({ version: 1, blocks: [footer] }, presets)).toBeNull();
    expect(strategyCouponId(withCoupon('VIP30', 30, ''), [])).toBeNull();
  });
});
