import { api, dayStartInstant, localDay } from '@storecast/contract';
import { campaignDraws } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { discount, draw, enabledCampaign, label, luckyDraw, makeCoupon, ok, storeOf, visitorId } from './test/campaign-fixtures.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };
let key = '';
let origin = '';

const nothing = { kind: 'none' as const, label: label('Nothing'), probability: 0 };
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Orders as the store's system sends them, through the ingestion API with an API token. */
async function pushOrders(owner: { token: string }, orders: Record<string, unknown>[]) {
  const made = ok(await t.call(api.apiToken.create, { token: owner.token, body: { name: `ERP ${Math.random()}` } }));
  const res = ok(await t.call(api.ingest.orders, { token: made.token, body: { orders } }));
  expect(res.rejected).toEqual([]);
}
/** An order placed now, after the draws before it. */
const order = (id: string, codes: string[], total: number, over: Record<string, unknown> = {}) =>
  ({ id, email: `${id}@example.com`, currency: 'USD', total, placed_at: new Date().toISOString(), discount_codes: codes, ...over });

const report = async (id: string, range = 'last_30_days', token = a.token, lang = 'en-US') =>
  (await t.call(api.campaign.report, { token, query: { id, range }, lang })).body;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Report A' });
  b = await signUp(t, { name: 'Report B' });
  ({ key, origin } = await storeOf(t, a.shopId));
});
afterAll(() => t.close());

describe('the campaign report', () => {
  it('counts views, draws, winners, and the orders that used the winners\' own codes', async () => {
    const preset = await makeCoupon(t, a.shopId, 'REPORT10', 10);
    const prizes = [{ kind: 'coupon' as const, label: label('10% off'), probability: 100, stock: 10, coupon_preset_id: preset }, nothing];
    const id = await enabledCampaign(t, a.token, luckyDraw(prizes, { unique_codes: true, draw: { identity: 'visitor', period: 'once', prizes } }));
    for (let i = 0; i < 2; i++) {
      const info = await t.app.inject({ method: 'GET', url: '/api/public/campaign/draw-info', query: { key, campaign_id: id, language: 'en-US' }, headers: { origin } });
      expect(info.statusCode).toBe(200);
    }
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await draw(t, { key, campaign_id: id, visitor_id: visitorId(`report-${i}`) }, { origin })).body.data.coupon.code);
    await pushOrders(a, [
      order('o1', [codes[0]!.toLowerCase()], 5000),
      // A code of one's own used twice still counts one redeemed coupon, and both orders.
      order('o2', [codes[1]!], 3000), order('o3', ['FREESHIP', codes[1]!], 1000),
      // The preset's shared code is not this campaign's when it gives codes of their own.
      order('o4', ['REPORT10'], 7000),
      order('o5', [codes[2]!], 2000, { status: 'refunded' }),
      order('o6', [codes[0]!], 9000, { currency: 'EUR' }),
    ]);
    // Another store's orders with the same code are never this store's.
    await pushOrders(b, [order('b1', [codes[0]!], 4000)]);

    const r = ok({ body: await report(id) });
    expect(r.totals).toEqual({ views: 2, draws: 3, winners: 3, redeemed: 2, orders: 3, revenue: 9000 });
    expect(r.days).toHaveLength(30);
    expect(r.range).toMatchObject({ key: 'last_30_days', end: localDay(new Date(), 'Asia/Shanghai') });
    expect(r.days.at(-1)).toEqual({ day: r.range.end, views: 2, draws: 3, winners: 3, redeemed: 2, orders: 3, revenue: 9000 });
    expect(r.days.slice(0, -1).every((d) => d.views + d.draws + d.orders === 0)).toBe(true);
    expect(r.prizes.map((p) => [p.kind, p.won, p.redeemed, p.stock_left])).toEqual([['coupon', 3, 2, 7], ['none', 0, 0, null]]);
    expect(r).toMatchObject({ currency: 'USD', campaign: { id, name: 'Spin to win', type: 'lucky_draw', status: 'enabled' } });
  });

  it('counts a shared code only in the winner\'s own orders after the draw', async () => {
    const preset = await makeCoupon(t, a.shopId, 'SHARED5', 5);
    const prizes = [{ kind: 'coupon' as const, label: label('5% off'), probability: 100, stock: 10, coupon_preset_id: preset }, nothing];
    const id = await enabledCampaign(t, a.token, luckyDraw(prizes));
    const won = await draw(t, { key, campaign_id: id, visitor_id: visitorId('shared'), email: 'Lucky@Example.com' }, { origin });
    expect(won.body.data.coupon.code).toBe('SHARED5');
    await pushOrders(a, [
      order('s1', ['shared5'], 2500, { email: 'lucky@example.com' }),
      order('s2', ['SHARED5'], 1500, { email: 'someone@example.com' }),
      order('s3', ['SHARED5'], 1200, { email: 'lucky@example.com', placed_at: ago(60 * 24) }),
    ]);
    // Drawn a minute into the store's day (16:01 UTC the day before, for a Shanghai store): today's.
    const today = localDay(new Date(), 'Asia/Shanghai');
    await t.deps.dbh.db.update(campaignDraws).set({ createdAt: new Date(dayStartInstant(today, 'Asia/Shanghai').getTime() + 60_000) })
      .where(eq(campaignDraws.campaignId, id));
    const r = ok({ body: await report(id) });
    expect(r.totals).toMatchObject({ draws: 1, winners: 1, redeemed: 1, orders: 1, revenue: 2500 });
    expect(r.days.at(-1)).toMatchObject({ day: today, draws: 1, orders: 1 });
  });

  it('counts any order with a discount campaign\'s own coupon from the campaign\'s start, and shows no prizes', async () => {
    const preset = await makeCoupon(t, a.shopId, 'SPRING10', 10);
    const id = await enabledCampaign(t, a.token, discount({ name: 'Spring ten', coupon_preset_id: preset, starts_at: ago(30) }));
    await pushOrders(a, [order('d1', ['spring10'], 4000), order('d2', ['SPRING10'], 6000, { placed_at: ago(90) })]);
    const r = ok({ body: await report(id, 'today') });
    expect(r.days).toHaveLength(1);
    expect(r.totals).toEqual({ views: 0, draws: 0, winners: 0, redeemed: 0, orders: 1, revenue: 4000 });
    expect(r.prizes).toEqual([]);
  });

  it('measures the campaign against the goal set on /custom/aim over its whole life, which saving the campaign keeps', async () => {
    const preset = await makeCoupon(t, a.shopId, 'AUTUMN5', 5);
    const fields = discount({ name: 'Autumn five', coupon_preset_id: preset, starts_at: ago(60 * 24 * 40) });
    const id = await enabledCampaign(t, a.token, fields);
    const aim = (goal: unknown, lang = 'en-US') => t.call(api.campaign.aim, { token: a.token, lang, body: { id, goal: goal as never } });
    expect(ok(await aim({ metric: 'orders', target: 5 })).goal).toEqual({ metric: 'orders', target: 5 });
    await pushOrders(a, [order('g1', ['AUTUMN5'], 1000, { placed_at: ago(60 * 24 * 35) }), order('g2', ['autumn5'], 2000)]);
    const r = ok({ body: await report(id, 'today') });
    expect([r.totals.orders, r.goal]).toEqual([1, { metric: 'orders', target: 5, reached: 2 }]);
    expect(ok(await aim({ metric: 'revenue', target: 10_000 })).goal).toEqual({ metric: 'revenue', target: 10_000 });
    expect(ok({ body: await report(id, 'today') }).goal).toEqual({ metric: 'revenue', target: 10_000, reached: 3000 });
    // Saving the campaign's fields (in place) keeps its goal.
    ok(await t.call(api.campaign.save, { token: a.token, body: { id, mode: 'update', campaign: { ...fields, name: 'Autumn five again' } } }));
    expect(ok(await t.call(api.campaign.detail, { token: a.token, query: { id } })).goal).toEqual({ metric: 'revenue', target: 10_000 });

    for (const bad of [{ metric: 'orders', target: 0 }, { metric: 'orders', target: 1.5 }]) {
      const res = await aim(bad, 'zh-CN');
      expect([res.status, res.body.data]).toEqual([400, { fields: { 'goal.target': '目标值必须是大于 0 的整数（金额最多两位小数）。' } }]);
    }
    expect((await aim({ metric: 'likes', target: 3 })).status).toBe(400);
    expect(ok(await aim(null)).goal).toBeNull();
    expect(ok({ body: await report(id) }).goal).toBeNull();
    ok(await t.call(api.campaign.archive, { token: a.token, body: { id } }));
    const archived = await aim({ metric: 'orders', target: 5 });
    expect([archived.status, archived.body.msg]).toEqual([409, 'An archived or closed campaign cannot be changed.']);
  });

  it('answers another store\'s campaign or a made-up id "not found", in the reader\'s language', async () => {
    const id = await enabledCampaign(t, a.token, discount({ name: 'Private' }));
    expect(await report(id, 'last_7_days', b.token, 'zh-CN')).toMatchObject({ code: 104 });
    const bad = await report('not-a-campaign', 'last_7_days', a.token);
    expect([bad.code, bad.msg]).toEqual([104, 'The campaign does not exist.']);
    expect((await report(id, 'next_year')).code).toBe(103);
  });
});
