import * as XLSX from '@e965/xlsx';
import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import { deliveries, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { appSecret, signDeliveryTokens } from '../delivery/tracking-token.ts';
import { makePopup, storefront, storeOf, visitorId, WORDING } from '../storefront/test/storefront-fixtures.ts';
import { waitForTransfer } from '../transfer/test/wait-for-transfer.ts';

/**
 * The proof of consent an owner shows when asked: a shopper signs up through the public
 * storefront route with double opt-in, confirms by the mailed link and leaves by a mail client's
 * one-click unsubscribe; the subscriber's detail tells all three with where they came from, only
 * to its own store, and the export carries the consent columns.
 */
let t: TestApp;
let owner: { token: string; shopId: string };
let other: { token: string; shopId: string };
const email = 'proof@example.com';
const page = 'https://shop.example.com/collections/tea?ref=ad';
let subscriberId = 0;

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  owner = await signUp(t, { name: 'Proof Tea' });
  other = await signUp(t, { name: 'Other Tea' });
}, 60_000);
afterAll(() => t?.close());

describe('consent history', () => {
  it('shows the sign-up, its confirmation and the unsubscribe with their sources on the detail', async () => {
    const { key, origin } = await storeOf(t, owner.shopId);
    const popupId = await makePopup(t, owner.shopId, { name: 'Tea club', doubleOptIn: true });
    const asked = await storefront(t, 'POST', 'subscribe', {
      origin, ip: '203.0.113.7',
      body: { key, popup_id: popupId, visitor_id: visitorId('proof'), email, consent: true, language: 'zh-CN', page_url: page },
    });
    expect(asked.body).toMatchObject({ code: 100, data: { status: 'confirm' } });

    const mail = await readOutbox(t, 'email', email);
    const token = /\/api\/public\/storefront\/confirm\?t=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST', url: `/api/public/storefront/confirm?t=${token}&lang=zh-CN`, remoteAddress: '198.51.100.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'ConfirmingBrowser/1.0' }, payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(and(eq(subscribers.shopId, owner.shopId), eq(subscribers.email, email)));
    subscriberId = sub!.id;

    // A mail of a send reached the subscriber; their mail client posts RFC 8058's one-click.
    const [d] = await t.deps.dbh.db.insert(deliveries).values({
      shopId: owner.shopId, strategyId: crypto.randomUUID(), subscriberId, email, status: 'sent',
    }).returning({ id: deliveries.id });
    const unsubscribe = signDeliveryTokens(await appSecret(t.deps.config, t.deps.dbh), d!.id).unsubscribe;
    const left = await t.app.inject({
      method: 'POST', url: `/api/public/unsubscribe/${unsubscribe}`, remoteAddress: '192.0.2.44', payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'MailClient/2.0' },
    });
    expect(left.statusCode).toBe(200);

    const detail = await t.call(api.audience.subscriberDetail, { token: owner.token, query: { id: String(subscriberId) } });
    expect(detail.body.code, detail.body.msg).toBe(100);
    expect(detail.body.data.status).toBe('unsubscribed');
    const history = detail.body.data.consent_history;
    expect(history.map((e) => `${e.kind}/${e.via}`)).toEqual(['unsubscribed/one-click', 'confirmed/confirm-link', 'signed_up/popup']);
    expect(history[2]).toMatchObject({
      channel: 'email', ip: '203.0.113.7', popup_name: 'Tea club', page_url: page, language: 'zh-CN', wording: WORDING['zh-CN'],
    });
    expect(history[2]!.user_agent).toBeTruthy();
    expect(history[1]).toMatchObject({ ip: '198.51.100.9', user_agent: 'ConfirmingBrowser/1.0', page_url: page, wording: WORDING['zh-CN'] });
    expect(history[0]).toMatchObject({ channel: 'email', ip: '192.0.2.44', user_agent: 'MailClient/2.0', page_url: null });
    // Asked first, confirmed later, left last: each at its own time.
    const times = history.map((e) => Date.parse(e.occurred_at));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
    expect(times[1]).toBeGreaterThanOrEqual(times[2]!);
  });

  it('the unsubscribe page\'s button and the admin name themselves too', async () => {
    const added = async (address: string) => {
      const res = await t.call(api.audience.subscriberSave, { token: owner.token, body: { email: address } });
      expect(res.body.code, res.body.msg).toBe(100);
      return res.body.data.id;
    };
    const history = async (id: number) => (await t.call(api.audience.subscriberDetail, { token: owner.token, query: { id: String(id) } }))
      .body.data.consent_history;
    const byButton = await added('button@example.com');
    const [d] = await t.deps.dbh.db.insert(deliveries).values({
      shopId: owner.shopId, strategyId: crypto.randomUUID(), subscriberId: byButton, email: 'button@example.com', status: 'sent',
    }).returning({ id: deliveries.id });
    const unsubscribe = signDeliveryTokens(await appSecret(t.deps.config, t.deps.dbh), d!.id).unsubscribe;
    const left = await t.app.inject({
      method: 'POST', url: `/api/public/unsubscribe/${unsubscribe}?lang=en-US`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '',
    });
    expect(left.statusCode).toBe(200);
    expect((await history(byButton)).map((e) => `${e.kind}/${e.via}`)).toEqual(['unsubscribed/link']);

    const byAdmin = await added('desk@example.com');
    const bulk = await t.call(api.audience.subscriberBulk, { token: owner.token, body: { action: 'unsubscribe', ids: [byAdmin] } });
    expect(bulk.body.data.affected).toBe(1);
    const [e] = await history(byAdmin);
    expect(e).toMatchObject({ kind: 'unsubscribed', via: 'admin', channel: 'email' });
    expect(e!.detail).toContain('@');
  });

  it('is read only by its own store', async () => {
    const res = await t.call(api.audience.subscriberDetail, { token: other.token, query: { id: String(subscriberId) } });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(page);
  });

  it('goes into the subscriber export as consent columns', async () => {
    const day = 86_400_000;
    const filter = { subscribed_from: new Date(Date.now() - day).toISOString(), subscribed_to: new Date(Date.now() + day).toISOString() };
    const started = await t.call(api.audience.exportStart, { token: owner.token, body: { format: 'csv', filter } });
    expect(started.body.code, started.body.msg).toBe(100);
    const id = started.body.data.export_id;
    expect(await waitForTransfer(t, owner.token, 'export', id)).toMatchObject({ status: 'completed' });
    const file = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.exportFile}?id=${id}`, headers: { authorization: `Bearer ${owner.token}` } });
    const wb = XLSX.read(file.body.replace(/^\ufeff/, ''), { type: 'string', raw: true });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets[wb.SheetNames[0]!]!, { raw: false, defval: '' });
    const row = rows.find((r) => r.email === email)!;
    expect(row).toMatchObject({
      consent_source: 'popup: Tea club', consent_page: page, consent_ip: '203.0.113.7', consent_wording: WORDING['zh-CN'], unsubscribed_via: 'one-click',
    });
    for (const col of ['consent_at', 'confirmed_at', 'unsubscribed_at']) expect(Number.isNaN(Date.parse(row[col]!)), col).toBe(false);
  });
});
