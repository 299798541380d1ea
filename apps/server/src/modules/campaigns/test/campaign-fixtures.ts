import { api, type CampaignFieldsInput, type DrawPrizeInput } from '@storecast/contract';
import { coupons, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/start-test-app.ts';

export const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
  if (r.body.code !== 100) throw new Error(`expected success, got ${r.body.code}: ${r.body.msg}`);
  return r.body.data;
};

export const label = (en: string) => ({ 'zh-CN': `奖品${en}`, 'en-US': en });

export const discount = (over: Partial<CampaignFieldsInput> = {}): CampaignFieldsInput => ({
  name: 'Spring sale', type: 'discount', form: 'percent', thresholds: [{ order_amount: 50, offer_value: 10 }], ...over,
});

export const luckyDraw = (prizes: DrawPrizeInput[], over: Partial<CampaignFieldsInput> = {}): CampaignFieldsInput => ({
  name: 'Spin to win', type: 'lucky_draw', form: 'spin_wheel', draw: { identity: 'email', period: 'once', prizes }, ...over,
});

export async function makeCoupon(t: Pick<TestApp, 'deps'>, shopId: string, code = 'LUCKY15', pct = 15) {
  const [row] = await t.deps.dbh.db.insert(coupons).values({ shopId, code, discount: pct, description: `${pct}% off` }).returning({ id: coupons.id });
  return row!.id;
}

/** Saves a campaign through the admin's route and enables it; its id. */
export async function enabledCampaign(t: TestApp, token: string, campaign: CampaignFieldsInput) {
  const saved = ok(await t.call(api.campaign.save, { token, body: { campaign } }));
  ok(await t.call(api.campaign.enable, { token, body: { id: saved.campaign.id } }));
  return saved.campaign.id;
}

/** A store's public key and homepage origin. */
export async function storeOf(t: Pick<TestApp, 'deps'>, shopId: string) {
  const [row] = await t.deps.dbh.db.select({ key: shops.publicKey, home: shops.homepageUrl }).from(shops).where(eq(shops.id, shopId));
  return { key: row!.key, origin: new URL(row!.home).origin };
}

export const visitorId = (n: number | string) => `visitor-${String(n).padStart(12, '0')}`;

/** A draw as the storefront script sends it: text/plain JSON from the store's page. */
export async function draw(t: TestApp, body: Record<string, unknown>, opts: { origin?: string; lang?: string } = {}) {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US', 'content-type': 'text/plain;charset=UTF-8' };
  if (opts.origin) headers.origin = opts.origin;
  const res = await t.app.inject({ method: 'POST', url: '/api/public/campaign/draw', headers, payload: JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, headers: res.headers, body: res.json() as { code: number; msg: string; data: any } };
}
