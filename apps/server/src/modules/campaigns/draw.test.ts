import { api } from '@storecast/contract';
import { campaignDraws, campaignPrizes, campaigns, outboxMessages } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { draw, enabledCampaign, label, luckyDraw, makeCoupon, ok, storeOf, visitorId } from './test/campaign-fixtures.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let key = '';
let origin = '';
let otherKey = '';

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Draw A' });
  ({ key, origin } = await storeOf(t, a.shopId));
  otherKey = (await storeOf(t, (await signUp(t, { name: 'Draw B' })).shopId)).key;
});
afterAll(() => t.close());

const nothing = { kind: 'none' as const, label: label('Nothing'), probability: 0 };
const giftOnly = (stock: number) => [{ kind: 'gift' as const, label: label('Mug'), probability: 100, stock }, nothing];

describe('one draw per shopper', () => {
  let campaign = '';
  beforeAll(async () => {
    campaign = await enabledCampaign(t, a.token, luckyDraw([{ kind: 'gift', label: label('Mug'), probability: 50, stock: 1000 }, { ...nothing, probability: 50 }]));
  });
  const play = (email: string, visitor: number, lang = 'en-US') =>
    draw(t, { key, campaign_id: campaign, visitor_id: visitorId(visitor), email }, { origin, lang });

  it('cannot draw again by changing case, adding dots or plus-tags, or clearing storage', async () => {
    const first = await play('shopper.name@gmail.com', 1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe(origin);
    for (const [email, visitor] of [['Shopper.Name@Gmail.com', 1], ['shoppername@gmail.com', 2], ['s.h.o.p.p.e.r.name+spin@googlemail.com', 3], ['SHOPPER.NAME+again@gmail.com', 4]] as const) {
      const again = await play(email, visitor);
      expect([email, again.status, again.body.msg]).toEqual([email, 409, 'You have already played this draw.']);
    }
    expect((await play('shoppername@gmail.com', 5, 'zh-CN')).body.msg).toBe('您已参加过本次抽奖。');
    const rows = await t.deps.dbh.db.select().from(campaignDraws).where(eq(campaignDraws.campaignId, campaign));
    expect(rows).toHaveLength(1);
    // A refused draw spends none of its identities: visitor 2 was refused for the address alone.
    expect((await play('someone.else@example.com', 2)).status).toBe(200);
  });

  it('lets another person with a look-alike Outlook address draw, since Outlook keeps dots', async () => {
    expect((await play('a.b@outlook.com', 20)).status).toBe(200);
    expect((await play('ab@outlook.com', 21)).status).toBe(200);
  });

  it('asks for the identity the owner chose, in the shopper\'s language', async () => {
    const none = await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(30) }, { origin, lang: 'zh-CN' });
    expect([none.status, none.body.data.fields.email]).toEqual([400, '请输入抽奖所需的邮箱地址或手机号。']);
    const bad = await play('not-an-address', 31);
    expect([bad.status, bad.body.data.fields.email]).toEqual([400, 'The e-mail address is not valid.']);
  });

  it('refuses a page of another origin, and another store\'s key never reaches this store\'s draw', async () => {
    const evil = await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(40), email: 'x@example.com' }, { origin: 'https://evil.example.net' });
    expect(evil.status).toBe(403);
    const other = await draw(t, { key: otherKey, campaign_id: campaign, visitor_id: visitorId(41), email: 'y@example.com' });
    expect([other.status, other.body.msg]).toEqual([404, 'This campaign is not running.']);
  });
});

describe('prizes and stock', () => {
  it('a prize whose stock runs out is never won again: the roll becomes "no prize"', async () => {
    const campaign = await enabledCampaign(t, a.token, luckyDraw(giftOnly(2), { draw: { identity: 'visitor', period: 'once', prizes: giftOnly(2) } }));
    const kinds: string[] = [];
    for (let i = 0; i < 5; i++) kinds.push((await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(100 + i) })).body.data.prize.kind);
    expect(kinds).toEqual(['gift', 'gift', 'none', 'none', 'none']);
    const detail = ok(await t.call(api.campaign.detail, { token: a.token, query: { id: campaign } }));
    expect(detail.draw!.prizes[0]).toMatchObject({ won: 2, stock_left: 0 });
  });

  it('gives each winner a code of their own when the owner asks, the preset\'s code otherwise', async () => {
    const preset = await makeCoupon(t, a.shopId, 'LUCKY15', 15);
    const prizes = [{ kind: 'coupon' as const, label: label('15% off'), probability: 100, stock: 10, coupon_preset_id: preset }, nothing];
    const unique = await enabledCampaign(t, a.token, luckyDraw(prizes, { unique_codes: true, draw: { identity: 'visitor', period: 'once', prizes } }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await draw(t, { key, campaign_id: unique, visitor_id: visitorId(200 + i), language: 'zh-CN' })).body.data);
    expect(new Set(codes.map((c) => c.coupon.code)).size).toBe(3);
    expect(codes.every((c) => /^LUCKY15-[A-Z2-9]{8}$/.test(c.coupon.code) && c.coupon.discount === 15 && c.prize.label === '奖品15% off')).toBe(true);
    const shared = await enabledCampaign(t, a.token, luckyDraw(prizes, { draw: { identity: 'visitor', period: 'once', prizes } }));
    expect((await draw(t, { key, campaign_id: shared, visitor_id: visitorId(210) })).body.data.coupon.code).toBe('LUCKY15');
  });

  it('answers a bot that filled the honeypot "no prize" and spends nothing', async () => {
    const campaign = await enabledCampaign(t, a.token, luckyDraw(giftOnly(1), { draw: { identity: 'visitor', period: 'once', prizes: giftOnly(1) } }));
    const bot = await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(300), website: 'http://spam.example' });
    expect(bot.body.data.prize.kind).toBe('none');
    const [gift] = await t.deps.dbh.db.select().from(campaignPrizes).where(eq(campaignPrizes.campaignId, campaign)).limit(1);
    expect(gift!.stockLeft).toBe(1);
    expect((await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(300) })).body.data.prize.kind).toBe('gift');
  });

  it('answers "not running", not a server error, when another process deleted the draw a moment ago', async () => {
    const campaign = await enabledCampaign(t, a.token, luckyDraw(giftOnly(5), { draw: { identity: 'visitor', period: 'once', prizes: giftOnly(5) } }));
    expect((await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(500) })).status).toBe(200);
    // Deleted behind this process's back, so its cached copy still names the campaign.
    await t.deps.dbh.db.delete(campaigns).where(eq(campaigns.id, campaign));
    const late = await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(501) });
    expect([late.status, late.body.msg]).toEqual([404, 'This campaign is not running.']);
  });

  it('plays only enabled draws, and shows prizes without their odds or stock', async () => {
    const saved = ok(await t.call(api.campaign.save, { token: a.token, body: { campaign: luckyDraw(giftOnly(3)) } }));
    const id = saved.campaign.id;
    expect((await draw(t, { key, campaign_id: id, visitor_id: visitorId(400), email: 'z@example.com' })).status).toBe(404);
    ok(await t.call(api.campaign.enable, { token: a.token, body: { id } }));
    const info = await t.app.inject({ method: 'GET', url: '/api/public/campaign/draw-info', query: { key, campaign_id: id, language: 'en-US' }, headers: { origin } });
    const data = info.json().data;
    expect(data.prizes).toEqual([{ id: expect.any(String), kind: 'gift', label: 'Mug' }, { id: expect.any(String), kind: 'none', label: 'Nothing' }]);
    expect(JSON.stringify(data)).not.toMatch(/probability|stock/);
    ok(await t.call(api.campaign.archive, { token: a.token, body: { id } }));
    expect((await draw(t, { key, campaign_id: id, visitor_id: visitorId(401), email: 'z@example.com' })).status).toBe(404);
  });
});

describe('the prize mail', () => {
  const mailsTo = async (to: string) => {
    await settleSentAfterAnswer();
    return t.deps.dbh.db.select().from(outboxMessages).where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, to)));
  };

  it('mails a winner the prize and their own code in their language, from the store', async () => {
    const preset = await makeCoupon(t, a.shopId, 'MAILME', 20);
    const prizes = [{ kind: 'coupon' as const, label: label('20% off'), probability: 100, stock: 5, coupon_preset_id: preset }, nothing];
    const campaign = await enabledCampaign(t, a.token, luckyDraw(prizes, { name: 'Lantern festival', unique_codes: true, theme_color: '#c41d7f' }));
    const won = await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(600), email: 'Winner@Example.com', language: 'zh-CN' }, { origin });
    const code = won.body.data.coupon.code as string;
    expect(code).toMatch(/^MAILME-/);
    const [mail, ...more] = await mailsTo('Winner@Example.com');
    expect(more).toEqual([]);
    expect(mail!.shopId).toBe(a.shopId);
    expect(mail!.subject).toBe('恭喜您在Draw A抽中奖品20% off');
    expect(mail!.body).toContain('恭喜！您在「Lantern festival」中抽中了奖品20% off。');
    expect(mail!.body).toContain(code);
    expect(mail!.body).toContain('border:2px dashed #c41d7f');
    expect((mail!.meta as { text: string; from: { name: string } }).text).toContain(`您的优惠码 (20% off): ${code}`);
    expect((mail!.meta as { from: { name: string } }).from.name).toBe('Draw A');
  });

  it('mails nothing for "no prize", for a draw without an address, or to a bot', async () => {
    const never = [{ kind: 'gift' as const, label: label('Mug'), probability: 0, stock: 5 }, { ...nothing, probability: 100 }];
    const campaign = await enabledCampaign(t, a.token, luckyDraw(never, { draw: { identity: 'visitor', period: 'once', prizes: never } }));
    expect((await draw(t, { key, campaign_id: campaign, visitor_id: visitorId(610), email: 'unlucky@example.com' })).body.data.prize.kind).toBe('none');
    expect(await mailsTo('unlucky@example.com')).toEqual([]);
    const gifts = await enabledCampaign(t, a.token, luckyDraw(giftOnly(5), { draw: { identity: 'visitor', period: 'once', prizes: giftOnly(5) } }));
    expect((await draw(t, { key, campaign_id: gifts, visitor_id: visitorId(611) })).body.data.prize.kind).toBe('gift');
    expect((await draw(t, { key, campaign_id: gifts, visitor_id: visitorId(612), email: 'bot@example.com', website: 'x' })).body.data.prize.kind).toBe('none');
    expect(await mailsTo('bot@example.com')).toEqual([]);
    // A gift has no code: the mail says to keep it, in English by default.
    expect((await draw(t, { key, campaign_id: gifts, visitor_id: visitorId(613), email: 'mug@example.com' })).body.data.prize.kind).toBe('gift');
    const [gift] = await mailsTo('mug@example.com');
    expect(gift!.subject).toBe('You won Mug at Draw A');
    expect(gift!.body).toContain('Keep this mail: Draw A will ask for it when you collect your prize.');
    expect(gift!.body).not.toContain('Your coupon code');
  });
});
