import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { exports } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { giveOthersATurn } from '../../db/take-turns.ts';
import type { Deps } from '../../deps.ts';
import { exportDir } from './export-dir.ts';
import { csvLine } from './write-csv.ts';

/**
 * Rows read per page. On the embedded database a page holds its one connection while it is
 * read, so pages are smaller there and other requests get a turn between them.
 */
export const EXPORT_PAGE = { postgres: 5000, pglite: 1000 } as const;

/**
 * Writes an export's file to `DATA_DIR/exports/<shop>/<id>.<format>` page by page: CSV streamed
 * with a BOM and formula-safe cells (`csvLine`), xlsx gathered as text cells and written at the
 * end. Progress is saved after each page, with a turn for other requests; the record is marked
 * completed at the end, and a failure removes the half-written file. The e-mail list's and the
 * orders' exports differ only in their header and pages: `nextPage` gives the next page's cells,
 * or null when there is none.
 */
export async function writeExportFile(
  deps: Deps,
  rec: { id: string; shopId: string; format: 'csv' | 'xlsx' },
  header: string[],
  sheetName: string,
  nextPage: () => Promise<string[][] | null>,
): Promise<void> {
  const { db } = deps.dbh;
  const dir = exportDir(deps.config.dataDir, rec.shopId);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${rec.id}.${rec.format}`);
  const sheetRows: string[][] = [header];
  const out = rec.format === 'csv' ? createWriteStream(file) : null;
  const write = (text: string) => new Promise<void>((resolve, reject) => out!.write(text, (err) => (err ? reject(err) : resolve())));
  let done = 0;
  try {
    if (out) await write(`\ufeff${csvLine(header)}`);
    for (let page = await nextPage(); page && page.length > 0; page = await nextPage()) {
      if (out) await write(page.map(csvLine).join(''));
      else sheetRows.push(...page);
      done += page.length;
      await db.update(exports).set({ processedRows: done }).where(eq(exports.id, rec.id));
      await giveOthersATurn();
    }
    if (out) await new Promise<void>((resolve, reject) => { out.once('error', reject); out.end(() => resolve()); });
    else {
      const wb = XLSX.utils.book_new();
      // Every cell is text, so phone numbers and ids keep their digits.
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheetRows), sheetName);
      await writeFile(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
    }
  } catch (err) {
    out?.destroy();
    await rm(file, { force: true });
    throw err;
  }
  await db.update(exports)
    .set({ status: 'completed', filePath: file, totalRows: done, processedRows: done, finishedAt: new Date() })
    .where(and(eq(exports.id, rec.id), eq(exports.status, 'in_progress')));
}
