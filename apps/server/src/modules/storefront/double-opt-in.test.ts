import { consentRecords, popupConfirmations, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { settleSentAfterAnswer } from '../../messaging/send-after-answer.ts';
import { makeCoupon, makePopup, storefront, storeOf, visitorId, WORDING } from './test/storefront-fixtures.ts';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let shopId = '';
let key = '';
let origin = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(1) });
  shopId = (await signUp(t, { name: 'Tea House' })).shopId;
  ({ key, origin } = await storeOf(t, shopId));
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The confirmation link's token from a raw message (quoted-printable: soft breaks, `=3D`). */
function tokenIn(raw: Buffer): string {
  const text = raw.toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/api\/public\/storefront\/confirm\?t=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
}

const subscriberOf = (email: string) =>
  t.deps.dbh.db.select().from(subscribers).where(and(eq(subscribers.shopId, shopId), eq(subscribers.email, email)));

describe('double opt-in', () => {
  it('mails a link through SMTP as the store\'s sender, subscribes only after the page\'s button, once', async () => {
    await seedVerifiedSender(t.deps.dbh, shopId, { name: 'Tea House News' });
    const couponId = await makeCoupon(t, shopId, 'TEA20');
    const texts = (lang: 'zh-CN' | 'en-US', note: string) => ({ title: 'Tea club', button: 'Join', consent: WORDING[lang], success_title: 'Thanks', coupon_note: note });
    const popupId = await makePopup(t, shopId, {
      name: 'Tea club', doubleOptIn: true,
      content: { coupon_preset_id: couponId, texts: { 'zh-CN': texts('zh-CN', '茶友专享优惠'), 'en-US': texts('en-US', 'For members of the tea club') } },
    });
    const visitor = visitorId('doi');
    const email = 'leaf@example.com';
    const res = await storefront(t, 'POST', 'subscribe', {
      origin, body: { key, popup_id: popupId, visitor_id: visitor, email, consent: true, language: 'zh-CN', page_url: 'https://x.example.com/' },
    });
    expect(res.body).toMatchObject({ code: 100, data: { status: 'confirm', coupon: null } });
    expect(await subscriberOf(email)).toEqual([]);
    await settleSentAfterAnswer();
    const mail = sink.messages.find((m) => m.to.includes(email))!;
    expect(mail).toBeDefined();
    expect(mail.from).toBe('bounce@' + mail.from.split('@')[1]);
    const raw = mail.raw.toString('utf8');
    expect(raw).toMatch(/^From: .*Tea House News.*<news@/m);
    expect(raw).toMatch(/^DKIM-Signature:/m);
    const token = tokenIn(mail.raw);
    expect(token.length).toBeGreaterThan(20);
    const [pending] = await t.deps.dbh.db.select().from(popupConfirmations).where(eq(popupConfirmations.email, email));
    expect(pending!.tokenHash).not.toContain(token);

    // Opening the link (or a mail scanner doing so) only asks.
    const page = await t.app.inject({ method: 'GET', url: `/api/public/storefront/confirm?t=${token}&lang=zh-CN` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('确认订阅');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await subscriberOf(email)).toEqual([]);

    const done = await t.app.inject({ method: 'POST', url: `/api/public/storefront/confirm?t=${token}&lang=en-US`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are subscribed');
    expect(done.body).toContain('TEA20');
    // The line under the code in the page's language, where the preset's own description is in one.
    expect(done.body).toContain('For members of the tea club');
    expect(done.body).not.toContain('10% off your first order');
    const [sub] = await subscriberOf(email);
    expect(sub).toMatchObject({ source: 'popup', status: 'subscribed' });
    const [record] = await t.deps.dbh.db.select().from(consentRecords).where(eq(consentRecords.subscriberId, sub!.id));
    expect(record).toMatchObject({ popupName: 'Tea club', wording: WORDING['zh-CN'], language: 'zh-CN', pageUrl: 'https://x.example.com/' });
    expect(record!.confirmedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({ method: 'POST', url: `/api/public/storefront/confirm?t=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(404);
    expect(await subscriberOf(email)).toHaveLength(1);
    const reopened = await t.app.inject({ method: 'GET', url: `/api/public/storefront/confirm?t=${token}&lang=en-US` });
    expect(reopened.statusCode).toBe(404);
    expect(reopened.body).toContain('not valid or has expired');
  });

  it('an unknown or expired link subscribes nobody', async () => {
    for (const t2 of ['x', 'A'.repeat(43), '%00', '']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/public/storefront/confirm?t=${t2}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(res.statusCode).toBe(404);
    }
    const popupId = await makePopup(t, shopId, { doubleOptIn: true });
    await storefront(t, 'POST', 'subscribe', { body: { key, popup_id: popupId, visitor_id: visitorId('late'), email: 'late@example.com', consent: true } });
    await settleSentAfterAnswer();
    const token = tokenIn(sink.messages.find((m) => m.to.includes('late@example.com'))!.raw);
    await t.deps.dbh.db.update(popupConfirmations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(popupConfirmations.email, 'late@example.com'));
    const res = await t.app.inject({ method: 'POST', url: `/api/public/storefront/confirm?t=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(res.statusCode).toBe(404);
    expect(await subscriberOf('late@example.com')).toEqual([]);
  });

  it('mails one address at most five times a day, answering alike', async () => {
    const popupId = await makePopup(t, shopId, { doubleOptIn: true });
    const email = 'flooded@example.com';
    for (let i = 0; i < 7; i++) {
      const res = await storefront(t, 'POST', 'subscribe', { body: { key, popup_id: popupId, visitor_id: visitorId('flood'), email, consent: true } });
      expect(res.body.data.status).toBe('confirm');
    }
    await settleSentAfterAnswer();
    expect(sink.perRecipient.get(email)).toBe(5);
  });
});
