import { createHmac } from 'node:crypto';
import { api } from '@storecast/contract';
import { deliveries, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { type SinkMessage, startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { addSubscribers, ALL, bodyOf, DOC, headersOf, setVolume, waitFor } from './test/fixtures.ts';

/**
 * What the tokens in sent mail give away and what each one opens: two real sends through an SMTP
 * sink, then the public routes are called with each mail's tokens, swapped between purposes,
 * and in the format older versions wrote.
 */
const SECRET = 'tracking-tokens-test-secret';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: { token: string; shopId: string };
const strategyIds: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test', appSecret: SECRET }, { worker: true });
  owner = await signUp(t, { name: 'Token Tea' });
  await seedVerifiedSender(t.deps.dbh, owner.shopId);
  await setVolume(t.deps.dbh, owner.shopId, 20);
  await addSubscribers(t.deps.dbh, owner.shopId, 4, 'tk');
  for (const name of ['First', 'Second']) {
    const res = await t.call(api.strategy.save, {
      token: owner.token, body: { name, title: 'Hello', segment_ids: [ALL], content: DOC, send_mode: 'now' },
    });
    expect(res.body.code, res.body.msg).toBe(100);
    strategyIds.push(res.body.data.id);
    await waitFor(async () => (await t.call(api.strategy.detail, { token: owner.token, query: { id: res.body.data.id } })).body.data.status === 'completed');
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

interface Sent { deliveryId: number; email: string; open: string; click: string; unsubscribe: string; verp: string }

/** Each sent mail with its delivery's row id and the tokens it carries, in delivery id order. */
async function sentMail(): Promise<Sent[]> {
  const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.shopId, owner.shopId));
  const mailOf = (m: SinkMessage) => {
    const body = bodyOf(m.raw);
    return {
      open: /\/api\/public\/o\/([A-Za-z0-9._-]+)/.exec(body)![1]!,
      click: /\/api\/public\/c\/([A-Za-z0-9._-]+)\/\d+/.exec(body)![1]!,
      unsubscribe: /\/api\/public\/unsubscribe\/([^>]+)>/.exec(headersOf(m.raw).get('list-unsubscribe')!)![1]!,
      verp: /^bounce\+([^@]+)@/.exec(m.from)![1]!,
    };
  };
  // Mail of the first send comes first in the sink, both sends reach the same addresses.
  return rows.sort((a, b) => a.id - b.id).map((d) => {
    const nth = strategyIds.indexOf(d.strategyId);
    const m = sink.messages.filter((x) => x.to.includes(d.email!))[nth]!;
    return { deliveryId: d.id, email: d.email!, ...mailOf(m) };
  });
}

/** The part of a token that names the delivery, as a number (base64url or hex bytes; base 36 for the old format). */
function idPartOf(token: string): bigint {
  const id = token.split('.')[0]!;
  if (/^[0-9a-f]{32}$/.test(id)) return BigInt(`0x${id}`);
  if (/^[A-Za-z0-9_-]{22}$/.test(id)) return BigInt(`0x${Buffer.from(id, 'base64url').toString('hex')}`);
  return [...id].reduce((n, c) => n * 36n + BigInt(parseInt(c, 36)), 0n);
}

/** A token as versions before opaque ids wrote it: `<delivery id base 36>.<HMAC>`, one for every use. */
function oldToken(deliveryId: number) {
  const id = deliveryId.toString(36);
  return `${id}.${createHmac('sha256', SECRET).update(`delivery:${id}`).digest().subarray(0, 16).toString('base64url')}`;
}

const subscriberOf = async (email: string) => (await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, email)))[0]!;
const deliveryOf = async (id: number) => (await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

describe('tracking tokens', () => {
  it('never carry the delivery id, and two sends\' tokens are not sequential', async () => {
    const sent = await sentMail();
    expect(sent).toHaveLength(8);
    for (const s of sent) {
      for (const token of [s.open, s.click, s.unsubscribe, s.verp]) {
        const id = token.split('.')[0]!;
        expect(id).not.toBe(s.deliveryId.toString(36));
        expect(id).not.toBe(String(s.deliveryId));
        expect(idPartOf(token)).not.toBe(BigInt(s.deliveryId));
      }
      // The envelope sender stays a valid address: lower-case, and a local part within 64 characters.
      expect(s.verp).toBe(s.verp.toLowerCase());
      expect(`bounce+${s.verp}`.length).toBeLessThanOrEqual(64);
    }
    // Consecutive deliveries (the last of the first send and the first of the second among them)
    // are named by ids far apart, so nobody can count mail by comparing two of theirs.
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]!.deliveryId - sent[i - 1]!.deliveryId).toBe(1);
      for (const kind of ['open', 'verp'] as const) {
        const gap = idPartOf(sent[i]![kind]) - idPartOf(sent[i - 1]![kind]);
        expect(gap < 0n ? -gap : gap).toBeGreaterThan(2n ** 32n);
      }
    }
  });

  it('give each purpose its own token: a pixel token unsubscribes nobody', async () => {
    const [s] = await sentMail();
    const get = await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${s!.open}`, headers: { 'accept-language': 'en-US' } });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('text/html');
    expect(get.body).not.toContain(s!.email);
    for (const token of [s!.open, s!.click]) {
      const post = await t.app.inject({
        method: 'POST', url: `/api/public/unsubscribe/${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode).toBe(404);
    }
    // The unsubscribe token counts no open and follows no link.
    const pixel = await t.app.inject({ method: 'GET', url: `/api/public/o/${s!.unsubscribe}` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/c/${s!.unsubscribe}/0` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/c/${s!.open}/0` })).statusCode).toBe(404);
    const d = await deliveryOf(s!.deliveryId);
    expect(d.unsubscribedAt).toBeNull();
    expect(d.openedAt).toBeNull();
    expect(d.clickedAt).toBeNull();
    expect((await subscriberOf(s!.email)).status).toBe('subscribed');
    expect(new Set([s!.open, s!.click, s!.unsubscribe]).size).toBe(3);
    // Each token still does its own job.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${s!.unsubscribe}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/c/${s!.click}/0` })).statusCode).toBe(302);
    expect((await deliveryOf(s!.deliveryId)).clickedAt).not.toBeNull();
  });

  it('refuses tokens in the old format cleanly', async () => {
    const [, s] = await sentMail();
    const old = oldToken(s!.deliveryId);
    const get = await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${old}`, headers: { 'accept-language': 'zh-CN' } });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('text/html');
    const post = await t.app.inject({ method: 'POST', url: `/api/public/unsubscribe/${old}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/o/${old}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/c/${old}/0` })).statusCode).toBe(404);
    const d = await deliveryOf(s!.deliveryId);
    expect(d.unsubscribedAt).toBeNull();
    expect(d.openedAt).toBeNull();
    expect(d.clickedAt).toBeNull();
    expect((await subscriberOf(s!.email)).status).toBe('subscribed');
    // Garbage of the right length is no 5xx either.
    const junk = `${'A'.repeat(22)}.${'B'.repeat(22)}`;
    expect((await t.app.inject({ method: 'POST', url: `/api/public/unsubscribe/${junk}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${'%00'.repeat(5)}` })).statusCode).toBeLessThan(500);
    expect(await t.deps.dbh.db.select().from(deliveries).where(and(eq(deliveries.shopId, owner.shopId), eq(deliveries.status, 'sent')))).toHaveLength(8);
  });
});
