import { api, type CampaignFieldsInput } from '@storecast/contract';
import { campaignLinks, campaignPrizes, shops, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { discount, label, luckyDraw, makeCoupon, ok } from './test/campaign-fixtures.ts';

let t: TestApp;
let a: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Campaign A' });
});
afterAll(() => t.close());

const save = (campaign: CampaignFieldsInput, lang = 'en-US', extra: { id?: string; mode?: 'update' | 'save_as_new' } = {}) =>
  t.call(api.campaign.save, { token: a.token, lang, body: { campaign, ...extra } });

/** The field messages of a refused save, by field path. */
async function refusal(campaign: CampaignFieldsInput, lang: string) {
  const r = await save(campaign, lang);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return r.body as unknown as { code: number; msg: string; data: { fields: Record<string, string> } };
}

describe('the offer rules of SPEC section 5, in both languages', () => {
  const cases: [string, CampaignFieldsInput, string, string, string][] = [
    ['offer value 1-99', discount({ thresholds: [{ order_amount: 50, offer_value: 100 }] }), 'campaign.thresholds.0.offer_value',
      'The offer value must be a whole number from 1 to 99.', '优惠值必须是 1 到 99 之间的整数。'],
    ['offer value whole', discount({ thresholds: [{ order_amount: 50, offer_value: 12.5 }] }), 'campaign.thresholds.0.offer_value',
      'The offer value must be a whole number from 1 to 99.', '优惠值必须是 1 到 99 之间的整数。'],
    ['two decimals', discount({ thresholds: [{ order_amount: 50.123, offer_value: 10 }] }), 'campaign.thresholds.0.order_amount',
      'An amount must be positive, with at most 2 decimals.', '金额必须为正数，最多两位小数。'],
    ['positive', discount({ form: 'amount', thresholds: [{ order_amount: 50, offer_amount: -5 }] }), 'campaign.thresholds.0.offer_amount',
      'An amount must be positive, with at most 2 decimals.', '金额必须为正数，最多两位小数。'],
    ['offer below order', { name: 'Tiers', type: 'full_reduction', form: 'tiers', thresholds: [{ order_amount: 100, offer_amount: 100 }] },
      'campaign.thresholds.0.offer_amount', 'The offer amount must be below the order amount.', '优惠金额必须低于订单金额。'],
    ['gift price above assigned', {
      name: 'Gift', type: 'full_gift', form: 'tiers', gift_mode: 'fixed',
      thresholds: [{ order_amount: 100, gift_name: 'Mug', gift_price: 5, assigned_gift_price: 5 }],
    }, 'campaign.thresholds.0.gift_price', 'The gift price must be above the assigned gift price.', '赠品价格必须高于赠品指定价格。'],
    ['thresholds not set', { name: 'Tiers', type: 'full_reduction', form: 'tiers', thresholds: [] }, 'campaign.thresholds',
      'Campaign thresholds are not set.', '活动门槛未设置。'],
    ['probabilities add to 100', luckyDraw([
      { kind: 'none', label: label('Nothing'), probability: 50 }, { kind: 'gift', label: label('Mug'), probability: 49.99, stock: 5 },
    ]), 'campaign.draw.prizes', 'The prizes\' probabilities must add up to 100%.', '所有奖品的中奖概率之和必须为 100%。'],
  ];
  for (const [name, campaign, field, en, zh] of cases) {
    it(name, async () => {
      expect((await refusal(campaign, 'en-US')).data.fields[field]).toBe(en);
      expect((await refusal(campaign, 'zh-CN')).data.fields[field]).toBe(zh);
    });
  }

  it('accepts 33.33 + 33.33 + 33.34 as exactly 100 %', async () => {
    ok(await save(luckyDraw([
      { kind: 'none', label: label('Nothing'), probability: 33.33 }, { kind: 'gift', label: label('Mug'), probability: 33.33, stock: 1 },
      { kind: 'gift', label: label('Cap'), probability: 33.34, stock: 1 },
    ])));
  });

  it('warns, in the caller\'s language, when the coupon still takes off another percentage', async () => {
    const coupon = await makeCoupon(t, a.shopId, 'TEN', 10);
    const en = ok(await save(discount({ coupon_preset_id: coupon, thresholds: [{ order_amount: 50, offer_value: 20 }] })));
    expect(en.warnings.map((w) => w.message)).toEqual(['The coupon information was not modified: coupon TEN still takes 10% off, not the campaign\'s 20%.']);
    const zh = ok(await save(discount({ coupon_preset_id: coupon, thresholds: [{ order_amount: 50, offer_value: 20 }] }), 'zh-CN'));
    expect(zh.warnings[0]!.message).toBe('优惠券信息未修改：优惠券 TEN 仍为 10% 折扣，与活动的 20% 不一致。');
    expect(ok(await save(discount({ coupon_preset_id: coupon }))).warnings).toEqual([]);
  });
});

describe('states and transitions (SPEC section 4)', () => {
  it('a draft is enabled, archived, restored as a draft, and closed for good', async () => {
    const { campaign } = ok(await save(discount()));
    expect(campaign.status).toBe('draft');
    const move = (route: typeof api.campaign.enable) => t.call(route, { token: a.token, body: { id: campaign.id } });
    expect(ok(await move(api.campaign.enable)).status).toBe('enabled');
    expect((await move(api.campaign.enable)).status).toBe(409);
    expect(ok(await move(api.campaign.archive)).status).toBe('archived');
    expect((await move(api.campaign.enable)).status).toBe(409);
    expect((await save(discount({ name: 'Edit archived' }), 'en-US', { id: campaign.id })).body.msg).toBe('An archived or closed campaign cannot be changed.');
    expect(ok(await move(api.campaign.restore)).status).toBe('draft');
    expect(ok(await t.call(api.campaign.close, { token: a.token, body: { id: campaign.id } })).campaign.status).toBe('closed');
    expect((await move(api.campaign.restore)).status).toBe(409);
    expect((await move(api.campaign.enable)).body.msg).toBe('The campaign\'s state does not allow this.');
  });

  it('an enabled campaign changes only with a mode: update in place, or save as new leaving it running', async () => {
    const { campaign } = ok(await save(discount({ name: 'Running' })));
    ok(await t.call(api.campaign.enable, { token: a.token, body: { id: campaign.id } }));
    const bare = await save(discount({ name: 'Renamed' }), 'zh-CN', { id: campaign.id });
    expect([bare.status, bare.body.msg]).toEqual([409, '该活动已启用：请选择更新当前活动或另存为新活动。']);
    const updated = ok(await save(discount({ name: 'Renamed' }), 'en-US', { id: campaign.id, mode: 'update' })).campaign;
    expect([updated.id, updated.name, updated.status]).toEqual([campaign.id, 'Renamed', 'enabled']);
    const copy = ok(await save(discount({ name: 'Copy' }), 'en-US', { id: campaign.id, mode: 'save_as_new' })).campaign;
    expect(copy.id).not.toBe(campaign.id);
    expect(copy.status).toBe('draft');
    expect(ok(await t.call(api.campaign.detail, { token: a.token, query: { id: campaign.id } })).name).toBe('Renamed');
  });

  it('closing or deleting names the strategies that promote it and unlinks them', async () => {
    const db = t.deps.dbh.db;
    const { campaign } = ok(await save(discount({ name: 'Promoted' })));
    const [s] = await db.insert(strategies).values({ shopId: a.shopId, name: 'Spring mail', title: 'Spring', utm: {}, content: {} } as never).returning({ id: strategies.id });
    await db.insert(campaignLinks).values({ shopId: a.shopId, campaignId: campaign.id, kind: 'strategy', targetId: s!.id });
    expect(ok(await t.call(api.campaign.usage, { token: a.token, query: { id: campaign.id } }))).toEqual([{ kind: 'strategy', id: s!.id, name: 'Spring mail' }]);
    const closed = ok(await t.call(api.campaign.close, { token: a.token, body: { id: campaign.id } }));
    expect(closed.affected).toEqual([{ kind: 'strategy', id: s!.id, name: 'Spring mail' }]);
    expect(ok(await t.call(api.campaign.usage, { token: a.token, query: { id: campaign.id } }))).toEqual([]);
    await db.insert(campaignLinks).values({ shopId: a.shopId, campaignId: campaign.id, kind: 'strategy', targetId: s!.id });
    const gone = ok(await t.call(api.campaign.remove, { token: a.token, body: { id: campaign.id } }));
    expect(gone).toEqual({ deleted: true, affected: [{ kind: 'strategy', id: s!.id, name: 'Spring mail' }] });
    expect((await t.call(api.campaign.detail, { token: a.token, query: { id: campaign.id } })).status).toBe(404);
  });

  it('lists a page at a time, filtered by status, with the total', async () => {
    for (let i = 0; i < 3; i++) ok(await save(discount({ name: `Paged ${i}` }), 'en-US'));
    const page = ok(await t.call(api.campaign.list, { token: a.token, query: { status: 'draft', page: '1', page_size: '2' } }));
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.every((c) => c.status === 'draft')).toBe(true);
    const next = ok(await t.call(api.campaign.list, { token: a.token, query: { status: 'draft', page: '2', page_size: '2' } }));
    expect(next.items.map((c) => c.id)).not.toContain(page.items[0]!.id);
  });

  it('keeps a prize\'s winnings when the owner changes its stock on an enabled draw', async () => {
    const prizes = [{ kind: 'none' as const, label: label('Nothing'), probability: 90 }, { kind: 'gift' as const, label: label('Mug'), probability: 10, stock: 5 }];
    const { campaign } = ok(await save(luckyDraw(prizes)));
    ok(await t.call(api.campaign.enable, { token: a.token, body: { id: campaign.id } }));
    const mug = campaign.draw!.prizes[1]!;
    await t.deps.dbh.db.update(campaignPrizes).set({ won: 4, stockLeft: 1 }).where(eq(campaignPrizes.id, mug.id));
    const next = [prizes[0]!, { ...prizes[1]!, id: mug.id, stock: 3 }];
    const updated = ok(await save(luckyDraw(next), 'en-US', { id: campaign.id, mode: 'update' })).campaign;
    expect(updated.draw!.prizes[1]).toMatchObject({ id: mug.id, stock: 3, won: 4, stock_left: 0 });
  });
});

describe('the campaign centre\'s menu entry (campaign_strategy)', () => {
  const strategy = async () => {
    const r = await t.call(api.auth.info, { token: a.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data!.campaign_strategy;
  };

  it('is off for a store by default, on for every store with CAMPAIGN_CENTRE=on, and on for a store whose own value is set', async () => {
    expect(await strategy()).toBe(0);
    t.deps.config.campaignCentre = true;
    expect(await strategy()).toBe(1);
    t.deps.config.campaignCentre = false;
    await t.deps.dbh.db.update(shops).set({ campaignStrategy: 1 }).where(eq(shops.id, a.shopId));
    expect(await strategy()).toBe(1);
    await t.deps.dbh.db.update(shops).set({ campaignStrategy: 0 }).where(eq(shops.id, a.shopId));
  });
});
