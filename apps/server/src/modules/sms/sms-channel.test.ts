import { randomUUID } from 'node:crypto';
import { countSmsSegments } from '@storecast/contract';
import { deliveries, shops, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSendError } from '../../messaging/sms-sender.ts';
import { twilioSmsSender } from '../../messaging/twilio-sms-sender.ts';
import { startFakeTwilio } from '../../test/fake-twilio.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { twilioSignature } from './twilio-signature.ts';
import { reserveVolume } from '../billing/index.ts';
import {
  deliverSend, type DeliveryEvent, type DeliverySource, findSmsLinks, recordSendLinks, smsUnits,
} from '../delivery/index.ts';
import { setVolume, volumeOf } from '../delivery/test/fixtures.ts';

/**
 * The SMS channel end to end against a fake Twilio on loopback: the delivery engine claims SMS
 * deliveries of a source, shortens their links, sends them through the real Twilio client with
 * retries for temporary errors, spends segments x units per segment, and the signed webhooks
 * report delivery, failure and STOP / 退订 / START.
 */
const ACCOUNT = `AC${'1a'.repeat(16)}`;
const AUTH = 'fake-twilio-auth-token';
const FROM = '+15005550006';
const PUBLIC = 'https://mail.storecast.test';
const LINK = 'https://shop.example.com/cart?utm_source=sms';
const TEMPLATE = `{name}，您的购物车里还有心仪的茶叶，库存有限，现在完成下单即可享受会员价：${LINK} 回复退订`;

const PHONE = {
  a: '+8613800000001', b: '+8613800000002', invalid: '+15005550001', limited: '+15005550002', broken: '+15005550003',
  slow: '+15005550004', optedOut: '+15005550009', adminRemoved: '+15005550010',
};

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
let shopId = '';
let otherShopId = '';
const sendId = randomUUID();
const events: DeliveryEvent[] = [];
let unitsEach = 0;

/** A test-only source: the flow sources are their own modules; this one is just enough to send. */
const source: DeliverySource = {
  kind: 'test-sms',
  channel: 'sms',
  state: async () => ({ shopId, version: '1' }),
  load: async () => ({
    channel: 'sms', shopId, sendId, links: findSmsLinks(TEMPLATE),
    render: (r) => ({ text: TEMPLATE.replace('{name}', r.first_name || '朋友') }),
  }),
  listSending: async () => [],
  sql: { isSending: () => 'true', hasEnded: () => 'false' },
  onEvent: async (_deps, _id, event) => void events.push(event),
};

async function addShop(name: string) {
  const [shop] = await t.deps.dbh.db.insert(shops).values({
    name, homepageUrl: 'https://shop.example.com', platform: 'custom', platformDomain: 'shop.example.com', currency: 'CNY', timezone: 'Asia/Shanghai',
  }).returning({ id: shops.id });
  return shop!.id;
}

const deliveryTo = async (phone: string | null) => {
  const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, sendId));
  return rows.find((r) => r.phone === phone)!;
};
const smsStatusOf = async (id: number) => (await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.id, id)))[0]!;

async function post(req: { url: string; params: Record<string, string>; signature: string }, signature = req.signature) {
  const u = new URL(req.url);
  return t.app.inject({
    method: 'POST', url: u.pathname + u.search, payload: new URLSearchParams(req.params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'accept-language': 'en-US' },
  });
}

const subscriberIds: Record<string, number> = {};

beforeAll(async () => {
  fake = await startFakeTwilio({
    accountSid: ACCOUNT, authToken: AUTH, slowMs: 30_000,
    answer: (to, attempt) => {
      if (to === PHONE.invalid) return 'invalid';
      if (to === PHONE.optedOut) return 'unsubscribed';
      if (attempt > 1) return 'ok';
      return to === PHONE.limited ? 'rate-limited' : to === PHONE.broken ? 'server-error' : to === PHONE.slow ? 'slow' : 'ok';
    },
  });
  t = await startTestApp({
    smsUrl: fake.url, publicUrl: PUBLIC,
    sms: { accountSid: ACCOUNT, authToken: AUTH, from: FROM, unitsPerSegment: 10, timeoutMs: 3_000 },
    send: { batchSize: 50, concurrency: 4, leaseSeconds: 60 },
  });
  shopId = await addShop('SMS Tea');
  otherShopId = await addShop('Other Tea');
  await setVolume(t.deps.dbh, shopId, 1000);
  const people = [
    ['a', PHONE.a, '小李'], ['b', PHONE.b, '小王'], ['invalid', PHONE.invalid, 'Ivy'], ['limited', PHONE.limited, 'Lim'],
    ['broken', PHONE.broken, 'Bo'], ['slow', PHONE.slow, 'Sol'], ['optedOut', PHONE.optedOut, 'Opt'], ['none', null, 'Nobody'],
  ] as const;
  for (const [key, phone, firstName] of people) {
    const [row] = await t.deps.dbh.db.insert(subscribers).values({
      shopId, phone, email: phone ? null : 'nobody@inbox.example.org', firstName, source: 'popup', smsStatus: 'subscribed',
      smsConsent: { source: 'popup', at: new Date().toISOString() },
    }).returning({ id: subscribers.id });
    subscriberIds[key] = row!.id;
  }
  // The same number in another store that texted it, and a number the store itself took out.
  const [other] = await t.deps.dbh.db.insert(subscribers).values({
    shopId: otherShopId, phone: PHONE.a, firstName: 'Li', source: 'api', smsStatus: 'subscribed', smsConsent: { source: 'api', at: new Date().toISOString() },
  }).returning({ id: subscribers.id });
  subscriberIds.otherA = other!.id;
  const [removed] = await t.deps.dbh.db.insert(subscribers).values({
    shopId, phone: PHONE.adminRemoved, firstName: 'Rem', source: 'manual', smsStatus: 'unsubscribed',
  }).returning({ id: subscribers.id });
  subscriberIds.adminRemoved = removed!.id;
  const oldSend = randomUUID();
  await t.deps.dbh.db.insert(deliveries).values([
    { shopId: otherShopId, strategyId: oldSend, subscriberId: other!.id, channel: 'sms', phone: PHONE.a, status: 'sent', units: 10 },
    { shopId, strategyId: oldSend, subscriberId: removed!.id, channel: 'sms', phone: PHONE.adminRemoved, status: 'sent', units: 10 },
  ]);

  // What a source does when it starts a send: deliveries with their units, links, volume reserved.
  unitsEach = smsUnits(t.deps.config, TEMPLATE);
  await t.deps.dbh.transaction(async (c) => {
    await c.query(
      `insert into deliveries (shop_id, strategy_id, subscriber_id, channel, phone, units)
       select shop_id, $2::uuid, id, 'sms', phone, $3 from subscribers where shop_id = $1 and sms_status = 'subscribed'`,
      [shopId, sendId, unitsEach],
    );
    await recordSendLinks(c, shopId, sendId, findSmsLinks(TEMPLATE));
    await reserveVolume(c, shopId, people.length * unitsEach);
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('SMS through a Twilio-compatible API', () => {
  it('counts the text in UCS-2 segments and holds segments x units per segment', async () => {
    expect(unitsEach).toBe(20);
    expect(await volumeOf(t.deps.dbh, shopId)).toEqual({ remaining: 1000, waiting: 160 });
  });

  it('sends with the right fields, retries temporary errors and fails permanent ones', async () => {
    const first = await deliverSend(t.deps, source, sendId, Date.now() + 20_000);
    expect(first.state).toBe('wait');
    expect((await deliveryTo(PHONE.limited)).status).toBe('queued');
    expect((await deliveryTo(PHONE.limited)).error).toContain('429');
    expect((await deliveryTo(PHONE.broken)).error).toContain('500');
    expect((await deliveryTo(PHONE.slow)).error).toContain('timed out');
    expect(await deliveryTo(PHONE.invalid)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await deliveryTo(PHONE.invalid)).error).toContain('21211');
    expect(await deliveryTo(null)).toMatchObject({ status: 'failed', error: 'no phone number' });
    // The provider's own STOP list: failed, and out of SMS here too (never the e-mail status).
    expect(await deliveryTo(PHONE.optedOut)).toMatchObject({ status: 'failed' });
    expect(await smsStatusOf(subscriberIds.optedOut!)).toMatchObject({ smsStatus: 'unsubscribed', status: 'subscribed' });

    // Time passes: the retries are due.
    await t.deps.dbh.query(`update deliveries set next_attempt_at = now() where strategy_id = $1 and status = 'queued'`, [sendId]);
    expect(await deliverSend(t.deps, source, sendId, Date.now() + 20_000)).toEqual({ state: 'done' });
    expect(events).toEqual([{ type: 'completed' }]);

    const sentTo = [PHONE.a, PHONE.b, PHONE.limited, PHONE.broken, PHONE.slow];
    expect(fake.messages.map((m) => m.to).sort()).toEqual([...sentTo].sort());
    expect(fake.requests.every((r) => r.authorized && r.path === `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`)).toBe(true);
    for (const phone of sentTo) {
      const d = await deliveryTo(phone);
      const m = fake.messages.find((x) => x.to === phone)!;
      expect(d).toMatchObject({ status: 'sent', messageId: m.sid, error: null });
      expect(m.from).toBe(FROM);
      expect(m.statusCallback).toMatch(/^https:\/\/mail\.storecast\.test\/api\/public\/sms\/status\?d=[A-Za-z0-9_-]{22}$/);
      expect(m.body).not.toContain(LINK);
      expect(m.body).toMatch(/https:\/\/mail\.storecast\.test\/api\/public\/s\/[A-Za-z0-9_-]{22} 回复退订$/);
      // What was held is what the text sent costs.
      expect(d.units).toBe(countSmsSegments(m.body).segments * 10);
    }
    expect(fake.messages.find((m) => m.to === PHONE.a)!.body.startsWith('小李，')).toBe(true);
    // 5 texts x 20 units spent; the three that failed gave their 60 back.
    expect(await volumeOf(t.deps.dbh, shopId)).toEqual({ remaining: 900, waiting: 0 });
  });

  it('redirects a short link to the recorded link and counts the click', async () => {
    const body = fake.messages.find((m) => m.to === PHONE.a)!.body;
    const path = /https:\/\/mail\.storecast\.test(\/api\/public\/s\/[A-Za-z0-9_-]{22})/.exec(body)![1]!;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(LINK);
    expect((await deliveryTo(PHONE.a)).clickedAt).not.toBeNull();
    expect((await deliveryTo(PHONE.b)).clickedAt).toBeNull();
    // Another character, or a token of another purpose, leads nowhere.
    const token = path.split('/').pop()!;
    const altered = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/s/${altered}` })).statusCode).toBe(404);
    const statusToken = new URL(fake.messages[0]!.statusCallback!).searchParams.get('d')!;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/s/${statusToken}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/s/%00%ff' })).statusCode).toBeOneOf([400, 404]);
  });

  it('records delivery reports; a delivered after a failure is ignored', async () => {
    const a = fake.messages.find((m) => m.to === PHONE.a)!;
    const b = fake.messages.find((m) => m.to === PHONE.b)!;
    expect((await post(fake.statusCallback(a.sid, 'sent'))).statusCode).toBe(204);
    expect((await post(fake.statusCallback(a.sid, 'delivered'))).statusCode).toBe(204);
    expect(await deliveryTo(PHONE.a)).toMatchObject({ status: 'sent', error: null });
    expect((await post(fake.statusCallback(b.sid, 'undelivered', '30003'))).statusCode).toBe(204);
    expect(await deliveryTo(PHONE.b)).toMatchObject({ status: 'failed', error: 'provider: undelivered 30003' });
    expect((await post(fake.statusCallback(b.sid, 'delivered'))).statusCode).toBe(204);
    expect((await deliveryTo(PHONE.b)).status).toBe('failed');
    // Found by MessageSid alone too (a callback URL without the token).
    const c = fake.messages.find((m) => m.to === PHONE.broken)!;
    const req = fake.statusCallback(c.sid, 'failed', '30008');
    const bare = { ...req, url: `${PUBLIC}/api/public/sms/status` };
    expect((await post({ ...bare, signature: fake.statusCallback(c.sid, 'failed', '30008').signature })).statusCode).toBe(403);
    expect((await post({ ...bare, signature: twilioSignature(AUTH, bare.url, bare.params) })).statusCode).toBe(204);
    expect(await deliveryTo(PHONE.broken)).toMatchObject({ status: 'failed', error: 'provider: failed 30008' });
  });

  it('applies a failure reported before the send\'s outcome was recorded', async () => {
    // A second send of one text; the provider's report overtakes the engine's own record.
    const quickId = randomUUID();
    const quick: DeliverySource = { ...source, kind: 'test-sms-quick', load: async () => ({ ...(await source.load(t.deps, sendId)), sendId: quickId }) };
    await t.deps.dbh.transaction(async (c) => {
      await c.query(
        `insert into deliveries (shop_id, strategy_id, subscriber_id, channel, phone, units) values ($1, $2, $3, 'sms', $4, $5)`,
        [shopId, quickId, subscriberIds.a, PHONE.a, unitsEach],
      );
      await recordSendLinks(c, shopId, quickId, findSmsLinks(TEMPLATE));
      await reserveVolume(c, shopId, unitsEach);
    });
    const reports: number[] = [];
    const sms = {
      name: 'twilio',
      send: async (m: Parameters<TestApp['deps']['sms']['send']>[0]) => {
        const r = await t.deps.sms.send(m);
        reports.push((await post(fake.statusCallback(r.id!, 'failed', '30007'))).statusCode);
        return r;
      },
    };
    expect(await deliverSend({ ...t.deps, sms }, quick, quickId, Date.now() + 20_000)).toEqual({ state: 'done' });
    expect(reports).toEqual([204]);
    const [d] = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, quickId));
    expect(d).toMatchObject({ status: 'failed', error: 'provider: failed 30007' });
    expect(d!.messageId).toMatch(/^SM/);
    // The provider took and charged it: the units are spent, not given back.
    expect(await volumeOf(t.deps.dbh, shopId)).toEqual({ remaining: 900 - unitsEach, waiting: 0 });
  });

  it('refuses unsigned, badly signed and malformed webhooks with 4xx', async () => {
    const a = fake.messages.find((m) => m.to === PHONE.a)!;
    const forged = await post(fake.statusCallback(a.sid, 'failed', '30003', 'wrong-token'));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 105, msg: 'The request is not signed by the SMS provider.' });
    expect((await deliveryTo(PHONE.a)).status).toBe('sent');
    const good = fake.statusCallback(a.sid, 'failed');
    expect((await post(good, '')).statusCode).toBe(403);
    expect((await post({ ...good, params: { ...good.params, MessageStatus: 'failed', ErrorCode: '1' } })).statusCode).toBe(403);
    const weird = { ...good, params: { ...good.params, MessageStatus: 'exploded' } };
    expect((await post({ ...weird, signature: twilioSignature(AUTH, weird.url, weird.params) })).statusCode).toBe(400);
    const url = '/api/public/sms/inbound';
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"Body":"STOP"' },
      { headers: { 'content-type': 'application/json' }, payload: '["STOP"]' },
      { headers: { 'content-type': 'text/plain' }, payload: 'STOP' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `Body=${'x'.repeat(20_000)}` },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '%%%&&==' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'a'.repeat(5000) }, payload: 'From=%2B1&Body=STOP' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url, ...c });
      expect(res.statusCode, c.payload.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload.slice(0, 30)).toBeLessThan(500);
    }
  });

  it('STOP and 退订 unsubscribe the number in every store that texted it; START restores only those', async () => {
    const inbound = `${PUBLIC}/api/public/sms/inbound`;
    const res = await post(fake.inbound(inbound, PHONE.a, ' 退订 '));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain('<Response/>');
    expect(await smsStatusOf(subscriberIds.a!)).toMatchObject({ smsStatus: 'unsubscribed', status: 'subscribed' });
    expect((await smsStatusOf(subscriberIds.otherA!)).smsStatus).toBe('unsubscribed');
    expect((await smsStatusOf(subscriberIds.b!)).smsStatus).toBe('subscribed');

    // A sentence is no keyword.
    await post(fake.inbound(inbound, PHONE.b, 'please do not stop'));
    expect((await smsStatusOf(subscriberIds.b!)).smsStatus).toBe('subscribed');
    await post(fake.inbound(inbound, PHONE.b, 'stop'));
    expect((await smsStatusOf(subscriberIds.b!)).smsStatus).toBe('unsubscribed');

    await post(fake.inbound(inbound, PHONE.a, 'Start'));
    expect((await smsStatusOf(subscriberIds.a!)).smsStatus).toBe('subscribed');
    expect((await smsStatusOf(subscriberIds.otherA!)).smsStatus).toBe('subscribed');
    expect((await smsStatusOf(subscriberIds.a!)).smsConsent).toMatchObject({ source: 'popup' });
    expect((await smsStatusOf(subscriberIds.a!)).smsConsent).not.toHaveProperty('withdrawn');
    // Taken out by the store, not by a STOP: a START does not bring the number back.
    await post(fake.inbound(inbound, PHONE.adminRemoved, 'UNSTOP'));
    expect((await smsStatusOf(subscriberIds.adminRemoved!)).smsStatus).toBe('unsubscribed');
    // The bad signature changes nothing.
    await post(fake.inbound(inbound, PHONE.a, 'STOP'), 'forged');
    expect((await smsStatusOf(subscriberIds.a!)).smsStatus).toBe('subscribed');
  });

  it('answers 404 when no auth token is configured', async () => {
    const config = t.deps.config.sms;
    const saved = config.authToken;
    config.authToken = '';
    try {
      const res = await post(fake.inbound(`${PUBLIC}/api/public/sms/inbound`, PHONE.a, 'STOP'));
      expect(res.statusCode).toBe(404);
    } finally {
      config.authToken = saved;
    }
  });

  it('maps the provider\'s refusals: 401 permanent, 429 and time-outs temporary', async () => {
    const wrong = twilioSmsSender({ url: fake.url, accountSid: ACCOUNT, authToken: 'nope', from: FROM, timeoutMs: 5_000 }, `${PUBLIC}/api/public/sms/status`);
    const err = await wrong.send({ to: PHONE.a, text: 'hi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ permanent: true, providerCode: 20003 });
    const service = twilioSmsSender({ url: fake.url, accountSid: ACCOUNT, authToken: AUTH, from: `MG${'0'.repeat(32)}`, timeoutMs: 5_000 }, `${PUBLIC}/x`);
    const { id } = await service.send({ to: '+15005550099', text: 'hello' });
    expect(fake.messages.find((m) => m.sid === id)).toMatchObject({ messagingServiceSid: `MG${'0'.repeat(32)}`, from: null, statusCallback: `${PUBLIC}/x` });
    const down = twilioSmsSender({ url: 'http://127.0.0.1:9', accountSid: ACCOUNT, authToken: AUTH, from: FROM, timeoutMs: 500 }, `${PUBLIC}/x`);
    expect(await down.send({ to: PHONE.a, text: 'hi' }).catch((e: unknown) => e)).toMatchObject({ permanent: false });
  });
});
