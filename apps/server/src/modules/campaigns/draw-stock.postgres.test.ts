import { campaignDraws, campaignPrizes } from '@storecast/db';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { draw, enabledCampaign, label, luckyDraw, storeOf, visitorId } from './test/campaign-fixtures.ts';

/**
 * On PostgreSQL, where draws run on separate connections at the same moment (PGlite serialises
 * every statement, so it cannot show a race): stock and the one-draw rule hold under contention.
 */
let t: TestApp;
let a: { token: string; shopId: string };
let key = '';
let origin = '';

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Contended draw' });
  ({ key, origin } = await storeOf(t, a.shopId));
});
afterAll(() => t.close());

const prizes = (stock: number) => [
  { kind: 'gift' as const, label: label('Mug'), probability: 100, stock },
  { kind: 'none' as const, label: label('Nothing'), probability: 0 },
];

describe('draws at the same moment', () => {
  it('200 concurrent draws for a prize with stock 10 award exactly 10', async () => {
    const campaign = await enabledCampaign(t, a.token, luckyDraw(prizes(10), { draw: { identity: 'visitor', period: 'once', prizes: prizes(10) } }));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      draw(t, { key, campaign_id: campaign, visitor_id: visitorId(`c${i}`) }, { origin })));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(answers.filter((r) => r.body.data.prize.kind === 'gift')).toHaveLength(10);
    const db = t.deps.dbh.db;
    const [gift] = await db.select().from(campaignPrizes).where(and(eq(campaignPrizes.campaignId, campaign), eq(campaignPrizes.kind, 'gift')));
    expect([gift!.won, gift!.stockLeft]).toEqual([10, 0]);
    const [recorded] = await db.select({ n: count() }).from(campaignDraws)
      .where(and(eq(campaignDraws.campaignId, campaign), eq(campaignDraws.prizeId, gift!.id)));
    expect(recorded!.n).toBe(10);
  });

  it('one shopper drawing 20 times at once, in every spelling of the address, draws once', async () => {
    const campaign = await enabledCampaign(t, a.token, luckyDraw(prizes(100)));
    const spellings = ['jane.doe@gmail.com', 'JaneDoe@gmail.com', 'jane.doe+1@googlemail.com', 'J.A.N.E.D.O.E@Gmail.com'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      draw(t, { key, campaign_id: campaign, visitor_id: visitorId(`jane${i}`), email: spellings[i % spellings.length] }, { origin })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const [drawn] = await t.deps.dbh.db.select({ n: count() }).from(campaignDraws)
      .where(and(eq(campaignDraws.campaignId, campaign), isNotNull(campaignDraws.prizeId)));
    expect(drawn!.n).toBe(1);
  });
});
