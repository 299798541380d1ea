import { describe, expect, it } from 'vitest';
import { campaignBodySchema, type CampaignFieldsInput } from './campaign.ts';

const issues = (c: CampaignFieldsInput) => {
  const r = campaignBodySchema.safeParse(c);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const prize = (probability: number, over: Record<string, unknown> = {}) =>
  ({ kind: 'gift' as const, label: { 'zh-CN': '杯', 'en-US': 'Mug' }, probability, stock: 1, ...over });

describe('campaign rules across fields', () => {
  it('gives each type only its own forms', () => {
    expect(issues({ name: 'x', type: 'discount', form: 'spin_wheel', thresholds: [{ order_amount: 10, offer_value: 5 }] }))
      .toMatchObject({ form: 'errors.campaign.form' });
    expect(issues({ name: 'x', type: 'discount', form: 'amount', thresholds: [{ order_amount: 10, offer_amount: 9.99 }] })).toEqual({});
  });

  it('asks a flash sale for its window, start before end', () => {
    const sale = { name: 'x', type: 'flash_sale' as const, form: 'percent' as const, thresholds: [{ order_amount: 1, offer_value: 5 }] };
    expect(issues(sale)).toMatchObject({ ends_at: 'errors.campaign.window' });
    expect(issues({ ...sale, starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T09:00:00Z' })).toMatchObject({ ends_at: 'errors.campaign.window' });
    expect(issues({ ...sale, starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T12:00:00Z' })).toEqual({});
  });

  it('asks a full gift how it gives, and each tier for both gift prices', () => {
    const gift = { name: 'x', type: 'full_gift' as const, form: 'tiers' as const, thresholds: [{ order_amount: 100, gift_price: 20 }] };
    expect(issues(gift)).toMatchObject({ gift_mode: 'errors.campaign.giftMode', 'thresholds.0.assigned_gift_price': 'errors.campaign.amount' });
    expect(issues({ ...gift, gift_mode: 'choice', thresholds: [{ order_amount: 100, gift_price: 20, assigned_gift_price: 0.01 }] })).toEqual({});
  });

  it('asks a draw for prizes whose odds add up to 100, a coupon prize for its coupon, a limited prize for its stock', () => {
    const draw = (prizes: ReturnType<typeof prize>[]) => ({ name: 'x', type: 'lucky_draw' as const, form: 'nine_grid' as const, draw: { prizes } });
    expect(issues({ name: 'x', type: 'lucky_draw', form: 'slot_machine' })).toMatchObject({ draw: 'errors.campaign.drawRequired' });
    expect(issues(draw([prize(60), prize(40, { kind: 'coupon' })]))).toMatchObject({ 'draw.prizes.1.coupon_preset_id': 'errors.campaign.couponNotFound' });
    expect(issues(draw([prize(60), prize(40, { stock: null })]))).toMatchObject({ 'draw.prizes.1.stock': 'errors.campaign.stock' });
    expect(issues(draw([prize(0.1), prize(99.9)]))).toEqual({});
    expect(issues(draw([prize(0.001), prize(99.999)]))).toMatchObject({ 'draw.prizes.0.probability': 'errors.campaign.probability' });
    expect(issues({ ...discountWith(), draw: { prizes: [prize(50), prize(50)] } })).toMatchObject({ draw: 'errors.campaign.drawOnlyForDraws' });
  });
});

function discountWith(): CampaignFieldsInput {
  return { name: 'x', type: 'discount', form: 'percent', thresholds: [{ order_amount: 10, offer_value: 5 }] };
}
