import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import { subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { buildZip, odsFile, odsRow, xlsxParts, xlsxRow } from './test/build-zip.ts';
import { waitForTransfer } from './test/wait-for-transfer.ts';

/**
 * Files built to hurt the server: zip bombs, sizes that lie, a sheet of millions of rows in a
 * few kilobytes, endless cells and columns, a stray quote. Each is refused with a message in
 * the caller's language, and the server keeps answering meanwhile.
 */

let t: TestApp;
let owner: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  owner = await signUp(t, { name: 'Hostile files' });
});
afterAll(() => t.close());

const upload = (name: string, content: Buffer | string, lang = 'en-US') =>
  t.call(api.audience.importUpload, { token: owner.token, body: multipartBody(name, content), lang });
const health = () => t.app.inject({ url: '/api/health' });

const MSG = {
  tooLarge: 'The spreadsheet is too large to import: at most 500,000 rows, 2,000,000 cells and 100 MB unpacked. Save it as CSV (no row limit) or split it.',
  tooLargeZh: '表格过大，无法导入：最多 500,000 行、2,000,000 个单元格，解压后不超过 100 MB。请另存为 CSV（不限行数）或拆分后再导入。',
  columns: 'The file has more than 200 columns. Remove the columns you do not need and upload it again.',
  cell: 'A cell holds more than 32,767 characters, more than a spreadsheet cell can. Check the file and upload it again.',
  cellZh: '有单元格超过 32,767 个字符，超出表格单元格的上限。请检查文件后重新上传。',
  quote: 'A quoted field is never closed: a quote mark (") is missing in the file. Fix it and upload it again.',
};

/** Uploads a file and expects a 400 with the message, and a short answer (no echo of the file). */
async function expectRefused(name: string, content: Buffer | string, msg: string, lang = 'en-US') {
  const res = await upload(name, content, lang);
  expect(res.status, res.body.msg).toBe(400);
  expect(res.body.msg).toBe(msg);
  expect(JSON.stringify(res.body).length).toBeLessThan(1000);
}

const header = xlsxRow(1, ['email', 'name']);
const SHEET_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

describe('xlsx: refused by what the zip and the sheet declare, before parsing', () => {
  it('a sheet whose declared unpacked size is over 100 MB', async () => {
    const zip = buildZip(xlsxParts({ rowsXml: header + xlsxRow(2, ['a@example.com', 'A']), declaredSize: 400 * 1024 * 1024 }));
    expect(zip.length).toBeLessThan(5000);
    await expectRefused('bomb.xlsx', zip, MSG.tooLarge);
    await expectRefused('bomb.xlsx', zip, MSG.tooLargeZh, 'zh-CN');
  });

  it('a sheet that unpacks to more than its directory says (the size lies)', async () => {
    // 120 MB of rows packed into a few hundred KB, declared as 10 KB.
    const xml = Buffer.alloc(120 * 1024 * 1024, '<row><c t="inlineStr"><is><t>x</t></is></c></row>');
    const zip = buildZip(xlsxParts({ xml, declaredSize: 10_000 }));
    expect(zip.length).toBeLessThan(1024 * 1024);
    await expectRefused('liar.xlsx', zip, MSG.tooLarge);
  });

  it('a sheet whose <dimension> is 9.5 million rows, or 702 columns', async () => {
    const rows = header + xlsxRow(2, ['a@example.com', 'A']);
    await expectRefused('rows.xlsx', buildZip(xlsxParts({ rowsXml: rows, dimension: 'A1:B9500000' })), MSG.tooLarge);
    await expectRefused('cols.xlsx', buildZip(xlsxParts({ rowsXml: rows, dimension: 'A1:ZZ2' })), MSG.columns);
  });
});

describe('xlsx and ods: bounded while parsed', () => {
  it('a cell longer than a spreadsheet cell may be is refused; a long one is cut in the preview', async () => {
    const long = buildZip(xlsxParts({ rowsXml: header + xlsxRow(2, ['a@example.com', 'x'.repeat(40_000)]) }));
    await expectRefused('cell.xlsx', long, MSG.cell);
    const ok = await upload('cell.xlsx', buildZip(xlsxParts({ rowsXml: header + xlsxRow(2, ['a@example.com', 'y'.repeat(30_000)]) })));
    expect(ok.body.code, ok.body.msg).toBe(100);
    expect(ok.body.data.preview[0]![1]).toBe(`${'y'.repeat(99)}…`);
  });

  it('a sheet of 97.5 MiB that is one endless cell, packed into a small xlsx, is refused at that cell', async () => {
    const head = Buffer.from(`${SHEET_START}${header}<row r="2"><c r="A2" t="inlineStr"><is><t>`);
    const tail = Buffer.from(`</t></is></c></row>${SHEET_END}`);
    const size = 97.5 * 1024 * 1024;
    const xml = Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 'x'), tail]);
    const zip = buildZip(xlsxParts({ xml }));
    expect(zip.length).toBeLessThan(200_000);
    await expectRefused('endless.xlsx', zip, MSG.cell);
    await expectRefused('endless.xlsx', zip, MSG.cellZh, 'zh-CN');
  });

  it('a sheet is refused at its first endless cell without unpacking the rest: a broken rest is never reached', async () => {
    const start = Buffer.from(`${SHEET_START}${header}<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(3 * 1024 * 1024)}`);
    // Deflate blocks of a reserved type: whoever unpacks this far finds the sheet unreadable.
    const packed = Buffer.concat([deflateRawSync(start, { finishFlush: constants.Z_SYNC_FLUSH }), Buffer.alloc(64, 0xff)]);
    const parts = xlsxParts({}).map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: start, packed, declaredSize: start.length + 1000 } : p));
    await expectRefused('broken.xlsx', buildZip(parts), MSG.cell);
  });

  it('an ods cell repeated a million times down, or across 16,000 columns', async () => {
    const down = odsFile(odsRow(['email']) + odsRow(['a@example.com'], ' table:number-rows-repeated="1048000"'));
    await expectRefused('down.ods', down, MSG.tooLarge);
    const across = odsFile(odsRow(['email']) + odsRow(['a@example.com'], '', ' table:number-columns-repeated="16000"'));
    await expectRefused('across.ods', across, MSG.columns);
    // The unused area spreadsheet programs write as empty repeated cells is no obstacle.
    const normal = odsFile(`${odsRow(['email'])}${odsRow(['a@example.com'])}<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1000"/></table:table-row>`);
    const res = await upload('normal.ods', normal);
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.data.preview).toEqual([['a@example.com']]);
  });

  it('a sheet that hides 520,000 rows behind a small <dimension> previews, then its import is refused; the server answers meanwhile', async () => {
    const rows = [header];
    for (let r = 2; r <= 520_001; r++) rows.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>u${r}@example.com</t></is></c></row>`);
    const zip = buildZip(xlsxParts({ rowsXml: rows.join(''), dimension: 'A1:B2' }));
    const up = await upload('hidden.xlsx', zip);
    expect(up.body.code, up.body.msg).toBe(100);
    expect(up.body.data.preview).toHaveLength(10);
    const start = await t.call(api.audience.importStart, { token: owner.token, body: { upload_id: up.body.data.upload_id, mapping: { email: 'email' } } });
    expect(start.body.code, start.body.msg).toBe(100);
    // While the workbook is parsed in its worker, the server answers.
    let answeredWhileParsing = false;
    for (;;) {
      const h = await health();
      expect(h.statusCode).toBe(200);
      const rec = await t.call(api.audience.importDetail, { token: owner.token, query: { id: start.body.data.import_id } });
      if (rec.body.data.status !== 'in_progress') break;
      answeredWhileParsing = true;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(answeredWhileParsing).toBe(true);
    const rec = await waitForTransfer(t, owner.token, 'import', start.body.data.import_id);
    expect(rec).toMatchObject({ status: 'failed', failure: MSG.tooLarge, new_rows: 0 });
  }, 180_000);
});

describe('CSV: one record is bounded', () => {
  it('a million columns is refused without echoing the file', async () => {
    await expectRefused('wide.csv', `email${',x'.repeat(1_000_000)}\na@example.com\n`, MSG.columns);
    await expectRefused('wide.csv', `email\na@example.com${',x'.repeat(1_000_000)}\n`, MSG.columns);
  });

  it('an unclosed quote is refused, in the preview or, past it, by the import', async () => {
    await expectRefused('quote.csv', 'email,name\n"a@example.com,Ann\nb@example.com,Bob\n', MSG.quote);
    await expectRefused('quote.csv', `email,name\n"a@example.com,Ann\n${'b@example.com,Bob\n'.repeat(50_000)}`, MSG.quote);
    await expectRefused('quote.csv', 'email,name\n"a@example.com,Ann\nb@example.com,Bob\n', '有带引号的字段没有结束：文件中缺少一个引号（"）。请修改后重新上传。', 'zh-CN');
    // Past the first megabyte, which the preview reads: found by the import, which keeps what came
    // before: the rows of the first megabyte the parser reads, over 11,000, fill PostgreSQL's first
    // batch of 5,000. Longer names reach the megabyte in 12,000 rows (70,000 short ones took
    // minutes to import on a loaded machine's PGlite).
    const late = `email,name\n${`c@example.com,${'Cy'.repeat(40)}\n`.repeat(12_000)}"d@example.com,Di\n${'e@example.com,Ed\n'.repeat(50_000)}`;
    expect(late.indexOf('"d@')).toBeGreaterThan(1024 * 1024);
    const up = await upload('late-quote.csv', late);
    expect(up.body.code, up.body.msg).toBe(100);
    const start = await t.call(api.audience.importStart, { token: owner.token, body: { upload_id: up.body.data.upload_id, mapping: { email: 'email' } } });
    const rec = await waitForTransfer(t, owner.token, 'import', start.body.data.import_id);
    expect(rec).toMatchObject({ status: 'failed', failure: MSG.quote });
    expect(rec.processed_rows).toBeGreaterThan(0);
  }, 180_000);

  it('one endless cell is refused', async () => {
    await expectRefused('cell.csv', `email,name\na@example.com,${'z'.repeat(2_000_000)}\n`, MSG.cell);
  });
});

describe('CSV: formulas', () => {
  it('the import error list writes a formula as text, and a quoted formula imports back as it was', async () => {
    const csv = 'email,first_name\nnot-an-address,"=HYPERLINK(""https://evil.example.com"",""x"")"\nback@example.com,\'=SUM(1)\n';
    const up = await upload('formulas.csv', csv);
    expect(up.body.code, up.body.msg).toBe(100);
    const start = await t.call(api.audience.importStart, { token: owner.token, body: { upload_id: up.body.data.upload_id, mapping: { email: 'email', first_name: 'first_name' } } });
    const rec = await waitForTransfer(t, owner.token, 'import', start.body.data.import_id);
    expect(rec).toMatchObject({ status: 'completed', invalid_rows: 1, new_rows: 1 });
    const file = await t.app.inject({ url: `/api${DOWNLOAD_PATHS.importErrors}?id=${start.body.data.import_id}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/^\ufeff/, '').split('\r\n')[1]).toBe(`2,邮箱地址无效,not-an-address,"'=HYPERLINK(""https://evil.example.com"",""x"")"`);
    const [row] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.email, 'back@example.com'));
    expect(row!.firstName).toBe('=SUM(1)');
  });
});
