import * as XLSX from '@e965/xlsx';
import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import { subscribers } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitForTransfer } from './wait-for-transfer.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };
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
    expect(lines[0]).toBe('email,phone,first_name,last_name,status,source,subscribed_at,tags,attribute:city');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('march1@example.com,8613800138000,三,,subscribed,import,2024-03-02T00:00:00.000Z,,上海');
    expect(lines[2]).toContain('"Ann, ""the"" first"');
    expect(file.body).not.toContain('april@example.com');
    expect(file.body).not.toContain('other-store@example.com');
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
