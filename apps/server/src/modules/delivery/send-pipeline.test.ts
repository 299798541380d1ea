import { api } from '@storecast/contract';
import { deliveries, orders, shopScope, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { saveSalesAttribution } from '../brand/read-sales-attribution.ts';
// The engine's first source drives these tests, through the API and one direct worker pass.
import { segmentSendSource } from '../strategy/index.ts';
import { deliverSend } from './deliver-batches.ts';
import { dnsFor } from './test/dns-for.ts';
import { addSubscribers, ALL, bodyOf, DOC, headersOf, setVolume, volumeOf, waitFor } from './test/fixtures.ts';
import { type SinkMessage, startSmtpSink } from '../../test/smtp-sink.ts';

/**
 * The whole pipeline into a real SMTP server on loopback: audience recorded, batches claimed,
 * rendered, DKIM-signed and sent; results, bounces and volume recorded; then a recipient opens,
 * clicks and unsubscribes through the public routes, and the report counts it all.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: { token: string; shopId: string };
let seed: Awaited<ReturnType<typeof seedVerifiedSender>>;
let strategyId = '';
const BOUNCE = 'r29@inbox.example.org';
/** Refused once with a transient 451, accepted on the retry. */
const FLAKY = 'r28@inbox.example.org';
let flakyRefused = 0;

beforeAll(async () => {
  sink = await startSmtpSink({
    reject: (to) => (to === BOUNCE ? 550 : to === FLAKY && flakyRefused++ === 0 ? 451 : null),
  });
  t = await startTestApp({ smtpUrl: sink.url(3), publicUrl: 'https://mail.storecast.test', send: { batchSize: 7, concurrency: 4, leaseSeconds: 60 } }, { worker: true });
  owner = await signUp(t, { name: 'Pipeline Tea' });
  seed = await seedVerifiedSender(t.deps.dbh, owner.shopId);
  await setVolume(t.deps.dbh, owner.shopId, 100);
  await addSubscribers(t.deps.dbh, owner.shopId, 30);
  // Out of the audience: unsubscribed, and an address without e-mail.
  await t.deps.dbh.db.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, 'r0@inbox.example.org'));
  await t.deps.dbh.db.insert(subscribers).values({ shopId: owner.shopId, phone: '+8613800138000', source: 'manual' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

const messageTo = (email: string): SinkMessage => sink.messages.find((m) => m.to.includes(email))!;

describe('send now through SMTP', () => {
  it('sends every subscribed address once and completes', async () => {
    const res = await t.call(api.strategy.save, {
      token: owner.token,
      body: { name: 'Spring', title: 'Hello {{first_name|friend}}', summary: 'New teas', segment_ids: [ALL], content: DOC, send_mode: 'now' },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.data.status).toBe('sending');
    strategyId = res.body.data.id;
    // Everyone but the flaky address is settled; that one waits for its retry with backoff.
    const flaky = await waitFor(async () => {
      const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, strategyId));
      const open = rows.filter((r) => r.status === 'queued' || r.status === 'sending');
      return open.length === 1 && open[0]!.email === FLAKY && open[0]!.status === 'queued' && open[0];
    });
    expect(flaky.attempts).toBe(1);
    expect(flaky.error).toContain('Try again later');
    expect(flaky.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Time passes: the retry is due, and a worker pass sends it and completes the strategy.
    await t.deps.dbh.db.update(deliveries).set({ nextAttemptAt: new Date() }).where(eq(deliveries.id, flaky.id));
    expect(await deliverSend(t.deps, segmentSendSource, strategyId, Date.now() + 30_000)).toEqual({ state: 'done' });
    const done = await waitFor(async () => {
      const d = await t.call(api.strategy.detail, { token: owner.token, query: { id: strategyId } });
      return d.body.data.status === 'completed' && d.body.data;
    });
    // 29 subscribed (r0 unsubscribed), one of them refused permanently.
    expect(done.stats).toMatchObject({ recipients: 29, sent: 28, delivered: 28, bounced: 1, failed: 0 });
    expect(sink.messages.length).toBe(28);
    expect(sink.perRecipient.get(FLAKY)).toBe(1);
    expect(sink.perRecipient.get('r0@inbox.example.org')).toBeUndefined();
    expect(Math.max(...sink.perRecipient.values())).toBe(1);
    // The bounced address is marked and leaves every later audience.
    const [b] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, BOUNCE));
    expect(b!.status).toBe('error');
    // Volume: 28 spent, nothing left waiting.
    expect(await volumeOf(t.deps.dbh, owner.shopId)).toEqual({ remaining: 72, waiting: 0 });
  });

  it('signs every message with DKIM covering both List-Unsubscribe headers, aligned for DMARC', async () => {
    const resolver = dnsFor(seed);
    for (const m of sink.messages) {
      const r = await authenticate(m.raw, { ip: '127.0.0.1', helo: 'mail.storecast.test', sender: m.from, mta: 'mx.test', resolver });
      const sig = r.dkim.results[0]!;
      expect(sig.status.result).toBe('pass');
      expect(sig.signingDomain).toBe(seed.domain);
      const h = String(headersOf(m.raw).get('dkim-signature')).replace(/\s+/g, '').toLowerCase();
      expect(h).toMatch(/h=[^;]*list-unsubscribe:/);
      expect(h).toMatch(/h=[^;]*list-unsubscribe-post/);
      expect(r.dmarc && r.dmarc.status.result).toBe('pass');
      expect(r.spf && r.spf.status.result).toBe('pass');
    }
    const h = headersOf(messageTo('r1@inbox.example.org').raw);
    // No inbound listener here, so nobody reads a mailto unsubscribe: only the https link is offered.
    expect(h.get('list-unsubscribe')).toMatch(/^<https:\/\/mail\.storecast\.test\/api\/public\/unsubscribe\/[^>]+>$/);
    expect(h.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(h.get('subject')).toBe('Hello Name1');
    expect(h.get('from')).toContain(`@${seed.domain}`);
  });

  it('records opens and clicks, redirects only to recorded links, and unsubscribes in one click', async () => {
    const body = bodyOf(messageTo('r1@inbox.example.org').raw);
    const pixel = /https:\/\/mail\.storecast\.test(\/api\/public\/o\/[A-Za-z0-9._-]+)/.exec(body)![1]!;
    const open = await t.app.inject({ method: 'GET', url: pixel });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    const click = /https:\/\/mail\.storecast\.test(\/api\/public\/c\/[A-Za-z0-9._-]+)\/(\d+)/.exec(bodyOf(messageTo('r2@inbox.example.org').raw))!;
    const go = await t.app.inject({ method: 'GET', url: `${click[1]}/${click[2]}` });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toMatch(/^https:\/\/shop\.example\.com\/(new|sale)\?/);
    expect(go.headers.location).toContain('utm_source=storecast');
    // Not a recorded link, or a token changed by hand: no redirect anywhere.
    expect((await t.app.inject({ method: 'GET', url: `${click[1]}/99` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${click[1]!.slice(0, -2)}xx/0` })).statusCode).toBe(404);

    const unsub = /<https:\/\/mail\.storecast\.test([^>]+)>/.exec(headersOf(messageTo('r3@inbox.example.org').raw).get('list-unsubscribe')!)![1]!;
    const page = await t.app.inject({ method: 'GET', url: unsub, headers: { 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('退订');
    expect(page.body).toContain('r3@inbox.example.org');
    // Opening the page (or a link scanner fetching it) unsubscribes nobody; the POST does.
    const [still] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'r3@inbox.example.org'));
    expect(still!.status).toBe('subscribed');
    const en = await t.app.inject({ method: 'GET', url: `${unsub}?lang=en-US` });
    expect(en.body).toContain('Do you want to stop receiving marketing emails from Pipeline Tea');
    const post = await t.app.inject({
      method: 'POST', url: unsub, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers.location).toBeUndefined();
    const [r3] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'r3@inbox.example.org'));
    expect(r3!.status).toBe('unsubscribed');
    const [r1] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'r1@inbox.example.org'));
    expect(r1!.lastOpenAt).not.toBeNull();
    // The segment engine sees the open: "opened in the last 7 days".
    const seg = await t.call(api.audience.segmentCount, { token: owner.token, body: { match: 'all', conditions: [{ field: 'behavior', event: 'opened', op: 'did', days: 7 }] } });
    expect(seg.body.data.count).toBe(2);
  });

  it('reports the numbers and attributes orders by click or by open within the window', async () => {
    const db = t.deps.dbh.db;
    const idOf = async (email: string) => (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0]!.id;
    const placed = new Date(Date.now() + 60_000);
    await db.insert(orders).values([
      { shopId: owner.shopId, externalId: 'o-click', subscriberId: await idOf('r2@inbox.example.org'), currency: 'USD', total: 2500, placedAt: placed },
      { shopId: owner.shopId, externalId: 'o-open', subscriberId: await idOf('r1@inbox.example.org'), currency: 'USD', total: 1000, placedAt: placed },
      // Outside a 5-day window.
      { shopId: owner.shopId, externalId: 'o-late', subscriberId: await idOf('r2@inbox.example.org'), currency: 'USD', total: 9999, placedAt: new Date(Date.now() + 6 * 86_400_000) },
    ]);
    const byClick = await t.call(api.strategy.report, { token: owner.token, query: { id: strategyId } });
    expect(byClick.body.code, byClick.body.msg).toBe(100);
    expect(byClick.body.data.attribution).toEqual({ window_days: 5, trigger: 'click' });
    expect(byClick.body.data.strategy.stats).toMatchObject({ sent: 28, opened: 2, clicked: 1, unsubscribed: 1, complaints: 0, orders: 1, revenue: 2500 });
    expect(byClick.body.data.series.reduce((a, p) => a + p.sent, 0)).toBe(28);
    expect(byClick.body.data.series.reduce((a, p) => a + p.unsubscribed, 0)).toBe(1);
    await saveSalesAttribution(db, shopScope(owner.shopId), { window_days: 5, trigger: 'open' });
    const byOpen = await t.call(api.strategy.report, { token: owner.token, query: { id: strategyId } });
    expect(byOpen.body.data.strategy.stats).toMatchObject({ orders: 2, revenue: 3500 });
    await saveSalesAttribution(db, shopScope(owner.shopId), { window_days: 7, trigger: 'open' });
    const wide = await t.call(api.strategy.report, { token: owner.token, query: { id: strategyId } });
    expect(wide.body.data.strategy.stats).toMatchObject({ orders: 3, revenue: 13_499 });
    const rows = await db.select().from(deliveries).where(and(eq(deliveries.strategyId, strategyId), eq(deliveries.status, 'sent')));
    expect(rows.length).toBe(28);
  });
});
