import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, DOWNLOAD_PATHS, LIMITS } from '@storecast/contract';
import { subscribers, subscriberTags, tags } from '@storecast/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitForTransfer } from './test/wait-for-transfer.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  a = await signUp(t, { name: 'Import A' });
  b = await signUp(t, { name: 'Import B' });
});
afterAll(() => t.close());

async function upload(token: string, name: string, content: Buffer | string, lang = 'en-US') {
  return t.call(api.audience.importUpload, { token, body: multipartBody(name, content), lang });
}

async function importFile(token: string, name: string, content: Buffer, mapping?: Record<string, string>) {
  const up = await upload(token, name, content);
  expect(up.body.code, up.body.msg).toBe(100);
  const start = await t.call(api.audience.importStart, {
    token, body: { upload_id: up.body.data.upload_id, mapping: mapping ?? up.body.data.suggested_mapping },
  });
  expect(start.body.code, start.body.msg).toBe(100);
  return { upload: up.body.data, id: start.body.data.import_id, record: await waitForTransfer(t, token, 'import', start.body.data.import_id) };
}

async function subscribersOf(shopId: string) {
  return t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, shopId)).orderBy(asc(subscribers.id));
}

async function tagNamesOf(subscriberId: number) {
  const rows = await t.deps.dbh.db.select({ name: tags.name }).from(subscriberTags)
    .innerJoin(tags, eq(tags.id, subscriberTags.tagId)).where(eq(subscriberTags.subscriberId, subscriberId));
  return rows.map((r) => r.name).sort();
}

describe('upload: refused by type and size before it is read whole', () => {
  it('refuses a PNG picture renamed to .xlsx', async () => {
    const res = await upload(a.token, 'picture.xlsx', fixture('picture.xlsx'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Only xls, xlsx, ods or csv files can be imported.');
  });

  it('refuses a text file renamed to .xlsx, and a CSV saved as .ods', async () => {
    expect((await upload(a.token, 'text.xlsx', fixture('text.xlsx'))).body.msg).toBe('Only xls, xlsx, ods or csv files can be imported.');
    expect((await upload(a.token, 'customers.ods', fixture('customers.xlsx'))).body.code).not.toBe(100);
  });

  it('refuses other extensions, in the caller\'s language', async () => {
    const res = await upload(a.token, 'list.txt', 'email\na@example.com\n', 'zh-CN');
    expect(res.body.msg).toBe('仅支持导入 xls、xlsx、ods 或 csv 文件。');
  });

  it('refuses a file over 15 MB', async () => {
    const line = 'someone.with.a.long.address@example.com,13800138000,First,Last\n';
    const big = Buffer.from(`email,phone,first,last\n${line.repeat(Math.ceil((LIMITS.importMaxBytes + 1000) / line.length))}`);
    const res = await upload(a.token, 'big.csv', big);
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The file must be smaller than 15 MB.');
  });

  it('refuses an empty file and a file with only a header', async () => {
    expect((await upload(a.token, 'empty.csv', 'email\n')).body.msg).toBe('The file has no rows to import.');
  });

  it('reads a UTF-8 CSV with a BOM: clean header, preview as text, suggested mapping', async () => {
    const res = await upload(a.token, 'customers-bom.csv', fixture('customers-bom.csv'));
    expect(res.body.code).toBe(100);
    expect(res.body.data.columns[0]).toBe('Email');
    expect(res.body.data.preview).toHaveLength(5);
    expect(res.body.data.preview[0]).toEqual(['zhang.san@example.com', '8613800138000', '三', '张', 'VIP;Newsletter', '2024-03-01', 'subscribed', '上海']);
    expect(res.body.data.suggested_mapping).toEqual({
      Email: 'email', Phone: 'phone', 'First Name': 'first_name', 'Last Name': 'last_name', Tags: 'tags',
      'Subscribed At': 'subscribed_at', Status: 'status', City: 'attribute:City',
    });
  });

  it('reads a GBK CSV with Chinese headers', async () => {
    const res = await upload(a.token, 'customers-gbk.csv', fixture('customers-gbk.csv'));
    expect(res.body.code).toBe(100);
    expect(res.body.data.columns).toEqual(['邮箱', '手机', '姓名', '标签', '订阅时间', '状态']);
    expect(res.body.data.preview[0]![2]).toBe('王五');
    expect(res.body.data.suggested_mapping).toEqual({ 邮箱: 'email', 手机: 'phone', 姓名: 'first_name', 标签: 'tags', 订阅时间: 'subscribed_at', 状态: 'status' });
  });

  it('refuses to start without an e-mail or phone column, or with another store\'s upload', async () => {
    const up = (await upload(a.token, 'customers.csv', fixture('customers.csv'))).body.data;
    const noContact = await t.call(api.audience.importStart, { token: a.token, body: { upload_id: up.upload_id, mapping: { 'First Name': 'first_name' } } });
    expect(noContact.body.msg).toBe('Map a column to e-mail or phone.');
    const other = await t.call(api.audience.importStart, { token: b.token, body: { upload_id: up.upload_id, mapping: { Email: 'email' } } });
    expect(other.body.msg).toBe('The uploaded file has expired, please upload it again.');
  });
});

describe('import of real spreadsheets (LibreOffice xlsx, xls, ods)', () => {
  it('imports the xlsx: every row, phones as text, dates in the store\'s time zone, tags, attributes, consent', async () => {
    const { record } = await importFile(a.token, 'customers.xlsx', fixture('customers.xlsx'));
    expect(record).toMatchObject({ status: 'completed', total_rows: 5, processed_rows: 5, new_rows: 5, updated_rows: 0, skipped_rows: 0, invalid_rows: 0 });
    const rows = await subscribersOf(a.shopId);
    expect(rows).toHaveLength(5);
    const zhang = rows.find((r) => r.email === 'zhang.san@example.com')!;
    expect(zhang).toMatchObject({ phone: '8613800138000', firstName: '三', lastName: '张', source: 'import', status: 'subscribed', attributes: { City: '上海' } });
    // 2024-03-01 00:00 in Asia/Shanghai (the store's zone).
    expect(zhang.subscribedAt.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    expect(zhang.consent).toMatchObject({ source: 'import', file: 'customers.xlsx' });
    expect(await tagNamesOf(zhang.id)).toEqual(['Newsletter', 'VIP']);
    expect(rows.find((r) => r.email === 'anna@example.com')!.status).toBe('unsubscribed');
    const phoneOnly = rows.find((r) => r.email === null)!;
    expect(phoneOnly).toMatchObject({ phone: '8613700137000', firstName: '五' });
  });

  it('imports the xls and the ods into the same store as updates, not duplicates', async () => {
    for (const name of ['customers.xls', 'customers.ods']) {
      const { record } = await importFile(a.token, name, fixture(name));
      expect(record, name).toMatchObject({ status: 'completed', total_rows: 5, new_rows: 0, updated_rows: 5, invalid_rows: 0 });
    }
    expect(await subscribersOf(a.shopId)).toHaveLength(5);
  });

  it('imports the GBK CSV with Chinese names and statuses', async () => {
    const { record } = await importFile(a.token, 'customers-gbk.csv', fixture('customers-gbk.csv'));
    expect(record).toMatchObject({ status: 'completed', total_rows: 2, new_rows: 2 });
    const rows = await subscribersOf(a.shopId);
    const zhao = rows.find((r) => r.email === 'zhao.liu@example.com')!;
    expect(zhao).toMatchObject({ firstName: '赵六', status: 'unsubscribed', phone: '13800000002' });
    expect(await tagNamesOf(zhao.id)).toEqual(['VIP', '老客户']);
    expect(rows.find((r) => r.email === 'wang.wu@example.com')!.subscribedAt.toISOString()).toBe('2024-03-05T02:00:00.000Z');
  });
});

describe('bad rows are reported, good rows kept', () => {
  let importId = '';

  it('counts total, new, updated, skipped and invalid rows', async () => {
    const { id, record } = await importFile(b.token, 'bad-rows.csv', fixture('bad-rows.csv'));
    importId = id;
    // Rows 2-10 of the file; row 5 is blank and not counted.
    expect(record).toMatchObject({ status: 'completed', total_rows: 8, processed_rows: 8, new_rows: 2, updated_rows: 0, skipped_rows: 1, invalid_rows: 5 });
    expect((await subscribersOf(b.shopId)).map((r) => [r.email, r.firstName])).toEqual([
      ['good1@example.com', 'Good'], ['good5@example.com', 'Quoted; semi'],
    ]);
  });

  it('downloads the bad rows as CSV with row numbers, reasons in the caller\'s language and the original cells', async () => {
    const res = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.importErrors}?id=${importId}`, headers: { authorization: `Bearer ${b.token}`, 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Row,Reason,email,phone,first_name,subscribed_at,status');
    expect(lines.slice(1)).toEqual([
      '3,Invalid e-mail address,not-an-email,,Bad,,',
      '4,No e-mail address or phone number,,,NoContact,,',
      '6,Same e-mail address as an earlier row,good1@example.com,,Dup,,',
      '7,Invalid phone number,good2@example.com,12,BadPhone,,',
      '8,Invalid date,good3@example.com,,BadDate,2024-13-45,',
      '9,Unknown status,good4@example.com,,BadStatus,,maybe',
    ]);
    const zh = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.importErrors}?id=${importId}`, headers: { authorization: `Bearer ${b.token}`, 'accept-language': 'zh-CN' } });
    expect(zh.body).toContain('行号,原因');
    expect(zh.body).toContain('3,邮箱地址无效,not-an-email');
  });

  it('a second store cannot read the record or download its bad rows', async () => {
    const detail = await t.call(api.audience.importDetail, { token: a.token, query: { id: importId } });
    expect(detail.status).toBe(404);
    const list = await t.call(api.audience.importList, { token: a.token });
    expect(list.body.data.map((r) => r.id)).not.toContain(importId);
    const dl = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.importErrors}?id=${importId}`, headers: { authorization: `Bearer ${a.token}` } });
    expect(dl.statusCode).toBe(404);
    expect(dl.body).not.toContain('good1@example.com');
    const anon = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.importErrors}?id=${importId}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('dedupe against the store\'s subscribers', () => {
  it('updates existing subscribers, never re-subscribes someone who unsubscribed', async () => {
    const c = await signUp(t, { name: 'Import C' });
    await t.deps.dbh.db.insert(subscribers).values([
      { shopId: c.shopId, email: 'li.si@example.com', source: 'popup', status: 'unsubscribed', firstName: 'Old', attributes: { vip: 'yes' } },
      { shopId: c.shopId, phone: '8613700137000', source: 'api', firstName: 'Phone' },
    ]);
    const { record } = await importFile(c.token, 'customers.csv', fixture('customers.csv'));
    expect(record).toMatchObject({ total_rows: 5, new_rows: 3, updated_rows: 2 });
    const rows = await subscribersOf(c.shopId);
    expect(rows).toHaveLength(5);
    const li = rows.find((r) => r.email === 'li.si@example.com')!;
    expect(li).toMatchObject({ status: 'unsubscribed', source: 'popup', firstName: '四', phone: '13900139000', attributes: { vip: 'yes', City: '北京' } });
    expect(rows.find((r) => r.phone === '8613700137000')).toMatchObject({ firstName: '五', source: 'api' });
  });

  it('shows a running import in the session user and refuses a second one', async () => {
    const d = await signUp(t, { name: 'Import D' });
    // The worker of this app would pick the job up at once; hold it by marking a record running.
    const up = (await upload(d.token, 'customers.csv', fixture('customers.csv'))).body.data;
    const before = await t.call(api.auth.info, { token: d.token });
    expect(before.body.data.flag_import).toBe('1');
    await t.deps.dbh.exec(`insert into imports (shop_id, file_name, file_path, mapping) values ('${d.shopId}', 'x.csv', '/nonexistent', '{}')`);
    expect((await t.call(api.auth.info, { token: d.token })).body.data.flag_import).toBe('0');
    const busy = await t.call(api.audience.importStart, { token: d.token, body: { upload_id: up.upload_id, mapping: { Email: 'email' } } });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('An import is already in progress, please wait for it to finish.');
  });
});
