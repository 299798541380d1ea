import { consentRecords, coupons, events, popupDailyStats, subscribers, visitors } from '@storecast/db';
import { api } from '@storecast/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { makeCoupon, makePopup, storefront, storeOf, visitorId, WORDING } from './test/storefront-fixtures.ts';

let t: TestApp;
let shopId = '';
let ownerToken = '';
let key = '';
let origin = '';
let otherShop = '';
let otherKey = '';

beforeAll(async () => {
  t = await startTestApp();
  ({ shopId, token: ownerToken } = await signUp(t));
  ({ key, origin } = await storeOf(t, shopId));
  otherShop = (await signUp(t)).shopId;
  otherKey = (await storeOf(t, otherShop)).key;
});

afterAll(async () => {
  await t?.close();
});

const subscribersOf = (shop: string, email: string) =>
  t.deps.dbh.db.select().from(subscribers).where(and(eq(subscribers.shopId, shop), eq(subscribers.email, email)));

describe('the store is named by its public key', () => {
  it('a malformed or unknown key gets a clear error that any page may read', async () => {
    const forged = await storefront(t, 'GET', 'config', { query: { key: `pk_${'0'.repeat(32)}` }, origin: 'https://evil.example.net' });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ code: 104, msg: 'No store has this public key.' });
    expect(forged.headers['access-control-allow-origin']).toBe('*');
    const bad = await storefront(t, 'GET', 'config', { query: { key: 'sk_nope' }, lang: 'zh-CN' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('店铺公钥无效。');
    const none = await storefront(t, 'POST', 'events', { body: { visitor_id: visitorId(1), events: [] } });
    expect(none.status).toBe(400);
    // A body and a query naming two stores is no key at all.
    const two = await storefront(t, 'POST', 'events', { query: { key: otherKey }, body: { key, visitor_id: visitorId(1), events: [{ type: 'viewed_page', at: Date.now(), url: '' }] } });
    expect(two.status).toBe(400);
  });

  it('answers CORS for the store\'s own origin only, and lets requests without an Origin through', async () => {
    const own = await storefront(t, 'GET', 'config', { query: { key }, origin });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(origin);
    expect(own.headers.vary).toContain('Origin');
    expect(own.headers['cache-control']).toBe('no-store');
    const other = await storefront(t, 'GET', 'config', { query: { key }, origin: 'https://evil.example.net' });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 105, msg: 'This website may not use this store\'s pop-ups.' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // Another store's homepage is not this store's.
    const { origin: otherOrigin } = await storeOf(t, otherShop);
    expect((await storefront(t, 'GET', 'config', { query: { key }, origin: otherOrigin })).status).toBe(403);
    expect((await storefront(t, 'GET', 'config', { query: { key } })).status).toBe(200);
  });

  it('answers the preflight for the store\'s origin and refuses it for another', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS', url: `/api/public/storefront/subscribe?key=${key}`,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(origin);
    expect(ok.headers['access-control-allow-methods']).toContain('POST');
    expect(ok.headers['access-control-allow-headers']).toContain('content-type');
    const other = await t.app.inject({ method: 'OPTIONS', url: `/api/public/storefront/subscribe?key=${key}`, headers: { origin: 'https://evil.example.net' } });
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.json()).toMatchObject({ code: 105 });
  });
});

describe('config', () => {
  it('lists the switched-on pop-ups within their schedule, says whether a coupon comes, never its code', async () => {
    const couponId = await makeCoupon(t, shopId, 'SECRET-CODE-1');
    const main = await makePopup(t, shopId, { kind: 'main', name: 'Subscription', content: { coupon_preset_id: couponId } });
    const custom = await makePopup(t, shopId, { name: 'Newsletter' });
    await makePopup(t, shopId, { name: 'Off', enabled: false });
    await makePopup(t, shopId, { name: 'Ended', conditions: { schedule: { start_at: null, end_at: '2020-01-01T00:00:00Z' } } });
    await makePopup(t, otherShop, { name: 'Theirs' });
    const res = await storefront(t, 'GET', 'config', { query: { key }, origin });
    expect(res.body.code).toBe(100);
    const list = res.body.data.popups as { id: string; kind: string; has_coupon: boolean; content: { texts: Record<string, { consent: string }> } }[];
    expect(list.map((p) => p.id)).toEqual([main, custom]);
    expect(list.map((p) => p.has_coupon)).toEqual([true, false]);
    expect(list[0]!.content.texts['zh-CN']!.consent).toBe(WORDING['zh-CN']);
    expect(res.raw).not.toContain('SECRET-CODE-1');
    expect(res.body.data.visitor).toEqual({ subscriber: false, customer: false, days_since_order: null });
  });
});

describe('subscribe', () => {
  const base = (popupId: string, extra: Record<string, unknown> = {}) => ({
    key, popup_id: popupId, visitor_id: visitorId('sub'), email: 'Shopper@Example.com', consent: true, language: 'en-US',
    page_url: 'https://shop.example.com/products/1', ...extra,
  });

  it('checks e-mail, phone and consent in the shopper\'s language, naming the refused field in data.fields', async () => {
    const emailOnly = await makePopup(t, shopId);
    const phoneOnly = await makePopup(t, shopId, { content: { fields: 'phone' } });
    const both = await makePopup(t, shopId, { content: { fields: 'email_phone' } });
    const cases: [Record<string, unknown>, string, string][] = [
      [base(emailOnly, { email: 'nope' }), 'email', 'The e-mail address is not valid.'],
      [base(emailOnly, { email: 'nope', language: 'zh-CN' }), 'email', '邮箱地址格式不正确。'],
      // The form's own check lets a one-letter ending through; the server's answer names the field all the same.
      [base(emailOnly, { email: 'shopper@example.c' }), 'email', 'The e-mail address is not valid.'],
      [base(emailOnly, { email: '' }), 'email', 'Enter your e-mail address.'],
      [base(emailOnly, { consent: false, language: 'zh-CN' }), 'consent', '请勾选同意接收营销信息。'],
      [base(phoneOnly, { phone: '12' }), 'phone', 'The phone number is not valid.'],
      [base(phoneOnly, { phone: '', language: 'zh-CN' }), 'phone', '请输入手机号。'],
      [base(both, { email: '', phone: '' }), 'email', 'Enter your e-mail address or phone number.'],
      // A refusal of the body's schema has the same shape.
      [base(emailOnly, { email: `${'a'.repeat(250)}@example.com` }), 'email', 'At most 254 characters.'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await storefront(t, 'POST', 'subscribe', { body, origin });
      expect([res.status, res.body.msg, res.body.data]).toEqual([400, msg, { fields: { [field]: msg } }]);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    expect(await subscribersOf(shopId, 'shopper@example.com')).toEqual([]);
  });

  it('refuses a pop-up that is off, unknown or another store\'s', async () => {
    const off = await makePopup(t, shopId, { enabled: false });
    const theirs = await makePopup(t, otherShop);
    for (const id of [off, theirs, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await storefront(t, 'POST', 'subscribe', { body: base(id), origin });
      expect([res.status, res.body.msg]).toEqual([404, 'This pop-up is closed.']);
    }
  });

  it('subscribes with a consent record, reveals the coupon, counts the day, joins the visitor\'s events', async () => {
    const couponId = await makeCoupon(t, shopId, 'HELLO15');
    const popupId = await makePopup(t, shopId, { name: 'Spring welcome', content: { coupon_preset_id: couponId, fields: 'email_phone' } });
    const visitor = visitorId('join');
    const early = await storefront(t, 'POST', 'events', {
      origin, body: { key, visitor_id: visitor, events: [{ type: 'viewed_product', at: Date.now(), url: 'https://shop.example.com/p/9', subject: 'p9' }] },
    });
    expect(early.body).toMatchObject({ code: 100, data: { accepted: 1 } });
    const res = await storefront(t, 'POST', 'subscribe', {
      origin, body: base(popupId, { visitor_id: visitor, email: ' New@Example.com ', phone: '138-0013-8000', language: 'zh-CN' }),
    });
    expect(res.body).toMatchObject({ code: 100, data: { status: 'subscribed', coupon: { code: 'HELLO15', discount: 10, description: '10% off your first order' } } });
    const [sub] = await subscribersOf(shopId, 'new@example.com');
    expect(sub).toMatchObject({ source: 'popup', status: 'subscribed', phone: '13800138000' });
    expect(sub!.consent).toMatchObject({ source: 'popup', popup_id: popupId, popup_name: 'Spring welcome', ip: '127.0.0.1' });
    // The owner's list names the pop-up as the source.
    const list = await t.call(api.audience.subscriberList, { token: ownerToken, query: { q: 'new@example.com' } });
    expect(list.body.data.items).toEqual([expect.objectContaining({ source: 'popup', source_detail: 'Spring welcome' })]);
    const records = await t.deps.dbh.db.select().from(consentRecords).where(eq(consentRecords.subscriberId, sub!.id));
    expect(records).toEqual([expect.objectContaining({
      popupId, popupName: 'Spring welcome', channel: 'email_phone', wording: WORDING['zh-CN'], language: 'zh-CN', ip: '127.0.0.1',
      userAgent: 'lightMyRequest', pageUrl: 'https://shop.example.com/products/1', confirmedAt: null,
    })]);
    const [stats] = await t.deps.dbh.db.select().from(popupDailyStats).where(eq(popupDailyStats.popupId, popupId));
    expect(stats).toMatchObject({ signUps: 1, day: new Date().toISOString().slice(0, 10) });
    const evs = await t.deps.dbh.db.select().from(events).where(and(eq(events.shopId, shopId), eq(events.visitorId, visitor)));
    expect(evs.map((e) => e.subscriberId)).toEqual([sub!.id]);
    // Later events are the subscriber's at once, and the config knows the visitor.
    await storefront(t, 'POST', 'events', { body: { key, visitor_id: visitor, events: [{ type: 'added_to_cart', at: Date.now(), url: '', subject: 'p9' }] } });
    const after = await t.deps.dbh.db.select().from(events).where(and(eq(events.shopId, shopId), eq(events.visitorId, visitor)));
    expect(after.map((e) => e.subscriberId)).toEqual([sub!.id, sub!.id]);
    const config = await storefront(t, 'GET', 'config', { query: { key, visitor_id: visitor } });
    expect(config.body.data.visitor).toEqual({ subscriber: true, customer: false, days_since_order: null });
    // The other store knows nothing of this visitor.
    const theirs = await storefront(t, 'GET', 'config', { query: { key: otherKey, visitor_id: visitor } });
    expect(theirs.body.data.visitor.subscriber).toBe(false);
  });

  it('a second sign-up updates consent and makes no second subscriber; unsubscribed comes back, a complaint does not', async () => {
    const popupId = await makePopup(t, shopId, { name: 'Again' });
    const email = 'again@example.com';
    for (let i = 0; i < 2; i++) {
      expect((await storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email }) })).body.code).toBe(100);
    }
    const rows = await subscribersOf(shopId, email);
    expect(rows).toHaveLength(1);
    expect(await t.deps.dbh.db.select().from(consentRecords).where(eq(consentRecords.subscriberId, rows[0]!.id))).toHaveLength(2);
    const [stats] = await t.deps.dbh.db.select().from(popupDailyStats).where(eq(popupDailyStats.popupId, popupId));
    expect(stats!.signUps).toBe(2);

    await t.deps.dbh.db.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.id, rows[0]!.id));
    await storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email }) });
    expect((await subscribersOf(shopId, email))[0]!.status).toBe('subscribed');

    await t.deps.dbh.db.update(subscribers).set({ status: 'complaint' }).where(eq(subscribers.id, rows[0]!.id));
    const again = await storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email }) });
    expect(again.body.code).toBe(100);
    expect((await subscribersOf(shopId, email))[0]!.status).toBe('complaint');
  });

  it('two sign-ups of one address at once make one subscriber', async () => {
    const popupId = await makePopup(t, shopId);
    const email = 'race@example.com';
    const answers = await Promise.all([1, 2, 3].map(() => storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email }) })));
    expect(answers.map((a) => a.body.code)).toEqual([100, 100, 100]);
    expect(await subscribersOf(shopId, email)).toHaveLength(1);
  });

  it('a filled honeypot is answered like a success, with a decoy code that is none of the store\'s, and writes nothing', async () => {
    const couponId = await makeCoupon(t, shopId, 'BOTS25');
    const popupId = await makePopup(t, shopId, { content: { coupon_preset_id: couponId } });
    const real = await storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email: 'person@example.com' }) });
    expect(real.body.data.coupon.code).toBe('BOTS25');
    const decoys = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const bot = await storefront(t, 'POST', 'subscribe', { origin, body: base(popupId, { email: 'bot@example.com', website: 'http://spam.example' }) });
      expect(bot.status).toBe(real.status);
      // Looks like the real answer: same shape of code, same discount and description.
      expect(bot.body).toEqual({ ...real.body, data: { ...real.body.data, coupon: { ...real.body.data.coupon, code: expect.stringMatching(/^[A-Z]{4}\d{2}$/) } } });
      decoys.add(bot.body.data.coupon.code);
    }
    expect(decoys.has('BOTS25')).toBe(false);
    // None is a code of the store, so no page reveals it and the shop honours none.
    const codes = (await t.deps.dbh.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.shopId, shopId))).map((c) => c.code);
    expect(codes.filter((c) => decoys.has(c))).toEqual([]);
    expect(await subscribersOf(shopId, 'bot@example.com')).toEqual([]);
    const [stats] = await t.deps.dbh.db.select().from(popupDailyStats).where(eq(popupDailyStats.popupId, popupId));
    expect(stats!.signUps).toBe(1);
  });
});

describe('events and identify', () => {
  it('stores a batch with clamped times, counts pop-up views of the store\'s pop-ups only', async () => {
    const mine = await makePopup(t, shopId);
    const theirs = await makePopup(t, otherShop);
    const visitor = visitorId('events');
    const now = Date.now();
    const res = await storefront(t, 'POST', 'events', {
      origin,
      body: {
        key, visitor_id: visitor, events: [
          { type: 'viewed_page', at: now + 10 * 86_400_000, url: 'https://shop.example.com/', properties: { title: 'Home' } },
          { type: 'viewed_product', at: 0, url: 'https://shop.example.com/p/1', subject: 'p1' },
          { type: 'popup_viewed', at: now, url: '', subject: mine },
          { type: 'popup_viewed', at: now, url: '', subject: mine },
          { type: 'popup_viewed', at: now, url: '', subject: theirs },
          { type: 'popup_viewed', at: now, url: '', subject: 'not-a-popup' },
        ],
      },
    });
    expect(res.body).toMatchObject({ code: 100, data: { accepted: 6 } });
    const rows = await t.deps.dbh.db.select().from(events).where(and(eq(events.shopId, shopId), eq(events.visitorId, visitor)));
    expect(rows).toHaveLength(6);
    const page = rows.find((r) => r.type === 'viewed_page')!;
    expect(page.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(page.properties).toEqual({ title: 'Home', url: 'https://shop.example.com/' });
    expect(rows.find((r) => r.type === 'viewed_product')!.occurredAt.getTime()).toBeGreaterThanOrEqual(now - 86_400_000 - 1000);
    const stats = await t.deps.dbh.db.select().from(popupDailyStats);
    expect(stats.find((s) => s.popupId === mine)!.views).toBe(2);
    expect(stats.find((s) => s.popupId === theirs)).toBeUndefined();
    const [v] = await t.deps.dbh.db.select().from(visitors).where(and(eq(visitors.shopId, shopId), eq(visitors.visitorId, visitor)));
    expect(v!.subscriberId).toBeNull();
  });

  it('refuses more than 50 events, an unknown type and a bad visitor id', async () => {
    const ev = { type: 'viewed_page', at: Date.now(), url: '' };
    for (const body of [
      { key, visitor_id: visitorId(2), events: Array.from({ length: 51 }, () => ev) },
      { key, visitor_id: visitorId(2), events: [{ ...ev, type: 'purchased' }] },
      { key, visitor_id: 'short', events: [ev] },
      { key, visitor_id: visitorId(2), events: [] },
    ]) {
      const res = await storefront(t, 'POST', 'events', { body, origin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(103);
    }
  });

  it('identify joins the visitor to an existing subscriber and creates nobody', async () => {
    const popupId = await makePopup(t, shopId);
    await storefront(t, 'POST', 'subscribe', { origin, body: { key, popup_id: popupId, visitor_id: visitorId('first'), email: 'known@example.com', consent: true } });
    const [known] = await subscribersOf(shopId, 'known@example.com');
    await t.deps.dbh.db.update(subscribers).set({ customerRef: 'cust-77' }).where(eq(subscribers.id, known!.id));
    const visitor = visitorId('identify');
    await storefront(t, 'POST', 'events', { body: { key, visitor_id: visitor, events: [{ type: 'viewed_page', at: Date.now(), url: '' }] } });
    const unknown = await storefront(t, 'POST', 'identify', { origin, body: { key, visitor_id: visitor, email: 'stranger@example.com' } });
    expect(unknown.body).toMatchObject({ code: 100, data: { linked: false } });
    expect(await subscribersOf(shopId, 'stranger@example.com')).toEqual([]);
    // Another store's subscriber is never found through this store's key.
    const wrongStore = await storefront(t, 'POST', 'identify', { body: { key: otherKey, visitor_id: visitor, email: 'known@example.com' } });
    expect(wrongStore.body.data.linked).toBe(false);
    const linked = await storefront(t, 'POST', 'identify', { origin, body: { key, visitor_id: visitor, customer_id: 'cust-77' } });
    expect(linked.body.data.linked).toBe(true);
    const rows = await t.deps.dbh.db.select().from(events).where(and(eq(events.shopId, shopId), eq(events.visitorId, visitor)));
    expect(rows.map((r) => r.subscriberId)).toEqual([known!.id]);
  });
});

describe('hostile input', () => {
  it('answers NUL, lone surrogates, huge strings, oversize and malformed bodies with a 4xx envelope', async () => {
    const popupId = await makePopup(t, shopId);
    const ok = { key, popup_id: popupId, visitor_id: visitorId('hostile'), email: 'h@example.com', consent: true };
    const bodies: [string, number][] = [
      [JSON.stringify({ ...ok, email: 'a\u0000b@example.com' }), 400],
      [JSON.stringify({ ...ok, page_url: 'x\ud800y' }).replace('\\ud800', '\\ud800'), 400],
      [JSON.stringify({ ...ok, email: `${'a'.repeat(40_000)}@example.com` }), 400],
      [JSON.stringify({ ...ok, page_url: 'x'.repeat(70_000) }), 413],
      ['{"key":', 400],
      ['not json', 400],
      ['null', 400],
      ['[]', 400],
    ];
    for (const [raw, status] of bodies) {
      for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
        const res = await storefront(t, 'POST', 'subscribe', { raw, type, origin });
        expect([type, raw.slice(0, 30), res.status]).toEqual([type, raw.slice(0, 30), status]);
        expect(res.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
        expect(res.body.msg).not.toMatch(/^errors\./);
      }
    }
    expect(await subscribersOf(shopId, 'h@example.com')).toEqual([]);
    const ev = { type: 'viewed_page', at: Date.now(), url: '' };
    for (const properties of [{ 'a\u0000': 1 }, { a: 'x\u0000' }, { ['\ud800']: 'x' }, { a: 'y'.repeat(1001) }]) {
      const res = await storefront(t, 'POST', 'events', { origin, body: { key, visitor_id: visitorId('bad-props'), events: [{ ...ev, properties }] } });
      expect(res.status).toBe(400);
    }
  });
});
