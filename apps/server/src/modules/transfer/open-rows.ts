import { createReadStream } from 'node:fs';
import { restoreCsvCell } from './neutralise-csv-cell.ts';
import { readCsvChunks } from './parse-csv.ts';
import { openSpreadsheet } from './read-spreadsheet.ts';
import type { FileKind } from './sniff-file.ts';

/**
 * Every row of an uploaded file, header first, cells trimmed, and an estimate of the number of
 * data rows for the progress bar (exact for spreadsheets; line breaks minus one for CSV). The
 * same rows come one at a time (`rows`) or in chunks (`chunks`, for the import of large files);
 * use one of the two. `preview` reads only the first rows of a spreadsheet. A file beyond
 * IMPORT_LIMITS throws ImportFileError, here or while the rows are read.
 */
export async function openRows(
  file: string,
  kind: FileKind,
  opts: { preview?: boolean } = {},
): Promise<{ estimate: number; rows: AsyncIterable<string[]>; chunks: AsyncIterable<string[][]> }> {
  if (kind === 'csv') {
    const estimate = opts.preview ? 0 : Math.max(0, (await countLines(file)) - 1);
    return { estimate, rows: flatten(trimmed(readCsvChunks(file), true)), chunks: trimmed(readCsvChunks(file), true) };
  }
  const sheet = await openSpreadsheet(file, kind, opts.preview ?? false);
  return { estimate: sheet.estimate, rows: flatten(trimmed(sheet.chunks, false)), chunks: trimmed(sheet.chunks, false) };
}

/** Cells trimmed; in a CSV, the quote this product's exports put before a formula-like cell is dropped. */
async function* trimmed(chunks: AsyncIterable<string[][]>, csv: boolean): AsyncGenerator<string[][]> {
  for await (const rows of chunks) {
    for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = (csv ? restoreCsvCell(row[i] ?? '') : row[i] ?? '').trim();
    yield rows;
  }
}

async function* flatten(chunks: AsyncIterable<string[][]>): AsyncGenerator<string[]> {
  for await (const rows of chunks) yield* rows;
}

/** A row whose every cell is empty: skipped, but it keeps its row number. */
export const isBlank = (row: string[]) => row.every((c) => c === '');

async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
    last = chunk[chunk.length - 1] ?? last;
  }
  return last === 10 ? n : n + 1;
}
