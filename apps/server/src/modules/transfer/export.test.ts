import * as XLSX from '@e965/xlsx';
import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import { subscribers, subscriberTags, tags } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitForTransfer } from './test/wait-for-transfer.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };
let c: { token: string; shopId: string };
const march = { subscribed_from: '2024-03-01T00:00:00+08:00', subscribed_to: '2024-03-31T23:59:59+08:00' };

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  a = await signUp(t, { name: 'Export A' });
  b = await signUp(t, { name: 'Export B' });
  await t.deps.dbh.db.insert(subscribers).values([
    { shopId: a.shopId, email: 'march1@example.com', phone: '8613800138000', firstName: '三', source: 'import', subscribedAt: new Date('2024-03-02T00:00:00Z'), attributes: { city: '上海' } },
    { shopId: a.shopId, email: 'march2@example.com', firstName: 'Ann, "the" first', source: 'popup', subscribedAt: new Date('2024-03-20T00:00:00Z') },
    { shopId: a.shopId, email: 'april@example.com', source: 'popup', subscribedAt: new Date('2024-04-20T00:00:00Z') },
    { shopId: b.shopId, email: 'other-store@example.com', source: 'popup', subscribedAt: new Date('2024-03-05T00:00:00Z') },
  ]);
  // Tags of A and B, each on a subscriber of its own store; the export must show only the store's own.
  const [ta] = await t.deps.dbh.db.insert(tags).values([{ shopId: a.shopId, name: 'Alpha VIP' }, { shopId: a.shopId, name: 'Alpha new' }]).returning();
  const [tb] = await t.deps.dbh.db.insert(tags).values({ shopId: b.shopId, name: 'Bravo secret' }).returning();
  const [march1] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'march1@example.com'));
  const [other] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'other-store@example.com'));
  await t.deps.dbh.db.insert(subscriberTags).values([
    { shopId: a.shopId, subscriberId: march1!.id, tagId: ta!.id },
    { shopId: b.shopId, subscriberId: other!.id, tagId: tb!.id },
  ]);
  c = await signUp(t, { name: 'Export C' });
});
afterAll(() => t.close());

const download = (token: string, id: string) =>
  t.app.inject({ url: `/api${DOWNLOAD_PATHS.exportFile}?id=${id}`, headers: { authorization: `Bearer ${token}` } });

describe('export', () => {
  it('refuses a range over 31 days, or no range, with the SPEC message', async () => {
    for (const filter of [{ subscribed_from: '2024-03-01T00:00:00Z', subscribed_to: '2024-04-02T00:00:01Z' }, {}]) {
      const res = await t.call(api.audience.exportStart, { token: a.token, body: { format: 'csv', filter } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe("Export time can't exceed 31 days.");
    }
    const zh = await t.call(api.audience.exportStart, { token: a.token, lang: 'zh-CN', body: { format: 'csv', filter: {} } });
    expect(zh.body.msg).toBe('导出时间不能超过 31 天。');
  });

  let csvId = '';
  it('writes a CSV of the store\'s subscribers in the range, with progress and a record', async () => {
    const res = await t.call(api.audience.exportStart, { token: a.token, body: { format: 'csv', filter: march } });
    expect(res.body.code, res.body.msg).toBe(100);
    csvId = res.body.data.export_id;
    const rec = await waitForTransfer(t, a.token, 'export', csvId);
    expect(rec).toMatchObject({ status: 'completed', format: 'csv', total_rows: 2, processed_rows: 2 });
    const list = await t.call(api.audience.exportList, { token: a.token });
    expect(list.body.data.map((r) => r.id)).toContain(csvId);
    const file = await download(a.token, csvId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email,phone,first_name,last_name,status,source,subscribed_at,tags,consent_at,consent_source,consent_page,consent_ip,consent_wording,confirmed_at,unsubscribed_at,unsubscribed_via,attribute:city');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('march1@example.com,8613800138000,三,,subscribed,import,2024-03-02T00:00:00.000Z,Alpha VIP,,,,,,,,,上海');
    expect(lines[2]).toContain('"Ann, ""the"" first"');
    expect(file.body).not.toContain('april@example.com');
    expect(file.body).not.toContain('other-store@example.com');
    expect(file.body).not.toContain('Bravo secret');
    expect(file.body).not.toContain('Alpha new');
  });

  it('writes an xlsx with phone numbers as text', async () => {
    const res = await t.call(api.audience.exportStart, { token: a.token, body: { format: 'xlsx', filter: march } });
    const rec = await waitForTransfer(t, a.token, 'export', res.body.data.export_id);
    expect(rec.status).toBe('completed');
    const file = await download(a.token, res.body.data.export_id);
    expect(file.statusCode).toBe(200);
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]![0]).toBe('march1@example.com');
    expect(rows[1]![1]).toBe('8613800138000');
  });

  it('a second store cannot read the record or download the file', async () => {
    expect((await t.call(api.audience.exportDetail, { token: b.token, query: { id: csvId } })).status).toBe(404);
    expect((await t.call(api.audience.exportList, { token: b.token })).body.data.map((r) => r.id)).not.toContain(csvId);
    const file = await download(b.token, csvId);
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('march1@example.com');
    expect((await t.app.inject({ url: `/api${DOWNLOAD_PATHS.exportFile}?id=${csvId}` })).statusCode).toBe(401);
  });
});

/** Runs a CSV export for a store and answers the downloaded text without its BOM. */
async function exportCsv(token: string, filter = march) {
  const res = await t.call(api.audience.exportStart, { token, body: { format: 'csv', filter } });
  expect(res.body.code, res.body.msg).toBe(100);
  const rec = await waitForTransfer(t, token, 'export', res.body.data.export_id);
  expect(rec.status).toBe('completed');
  const file = await download(token, res.body.data.export_id);
  expect(file.statusCode).toBe(200);
  return file.body.replace(/^\ufeff/, '');
}

describe('export: tags are the exported subscriber\'s own', () => {
  it('a store sees its own tags, and never another store\'s', async () => {
    const ofB = await exportCsv(b.token);
    expect(ofB).toContain('other-store@example.com,,,,subscribed,popup,2024-03-05T00:00:00.000Z,Bravo secret');
    expect(ofB).not.toContain('Alpha');
  });

  it('a new store without tags exports an empty tags column', async () => {
    await t.deps.dbh.db.insert(subscribers).values({ shopId: c.shopId, email: 'fresh@example.com', source: 'popup', subscribedAt: new Date('2024-03-07T00:00:00Z') });
    const lines = (await exportCsv(c.token)).trim().split('\r\n');
    expect(lines).toEqual([
      'email,phone,first_name,last_name,status,source,subscribed_at,tags,consent_at,consent_source,consent_page,consent_ip,consent_wording,confirmed_at,unsubscribed_at,unsubscribed_via',
      'fresh@example.com,,,,subscribed,popup,2024-03-07T00:00:00.000Z,,,,,,,,,',
    ]);
  });
});

describe('export: formula injection', () => {
  it('a formula planted through the ingestion API is written as text; numbers and phones stay as they are', async () => {
    const d = await signUp(t, { name: 'Export D' });
    const key = (await t.call(api.apiToken.create, { token: d.token, body: { name: 'Shop' } })).body.data.token;
    const pushed = await t.call(api.ingest.customers, {
      token: key,
      body: { customers: [{
        id: 'c1', email: 'shopper@example.com', accepts_marketing: true, created_at: '2024-03-10T00:00:00Z',
        first_name: '=HYPERLINK("https://evil.example.com","Click")', last_name: '@SUM(A1)',
        attributes: { a_minus: '-2+3', b_plus: '+cmd|calc', c_tab: '\tx', d_cr: '\r=1', e_debt: -12.5, f_dial: '+8613800138000', g_plain: 'a=b' },
      }] },
    });
    expect(pushed.body.data.rejected).toEqual([]);
    const lines = (await exportCsv(d.token)).trim().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(-7)).toEqual(['attribute:a_minus', 'attribute:b_plus', 'attribute:c_tab', 'attribute:d_cr', 'attribute:e_debt', 'attribute:f_dial', 'attribute:g_plain']);
    // The API's consent is stamped when the customer arrived, after the (empty) tags.
    const consentAt = /2024-03-10T00:00:00\.000Z,,([^,]+),api,/.exec(lines[1]!)?.[1] ?? '';
    expect(Number.isNaN(Date.parse(consentAt))).toBe(false);
    expect(lines[1]).toBe([
      'shopper@example.com', '', `"'=HYPERLINK(""https://evil.example.com"",""Click"")"`, "'@SUM(A1)", 'subscribed', 'api',
      '2024-03-10T00:00:00.000Z', '', consentAt, 'api', '', '', '', '', '', '', "'-2+3", "'+cmd|calc", "'\tx", `"'\r=1"`, '-12.5', '+8613800138000', 'a=b',
    ].join(','));
    // No cell of the file starts with a formula character unless it is a plain number.
    for (const cell of lines[1]!.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=@\t\r]|^[+-](?![\d.])/);
  });
});
