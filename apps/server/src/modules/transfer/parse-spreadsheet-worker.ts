import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { checkOdsRepeats } from './check-ods-repeats.ts';
import { checkShape, checkSpreadsheetSize, firstSheetPart } from './check-spreadsheet-size.ts';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';
import { inflateEntry, inflateEntryChunks } from './read-zip-directory.ts';
import { scanXlsxCells } from './scan-xlsx-cells.ts';
import type { FileKind } from './sniff-file.ts';

/**
 * Runs in a worker thread (see read-spreadsheet.ts): SheetJS reads a whole workbook at once and
 * cannot be stopped midway, so it runs where a heavy file costs its own thread and heap, never
 * the server's. Answers `ready` (with the row estimate) or `error` (a message key), then one
 * chunk of rows per `next`.
 */
export interface SpreadsheetJob {
  file: string;
  kind: FileKind;
  /** Rows read at most, header included; more rows than this in an import is a refusal. */
  maxRows: number;
  /** True for the mapping step: stop at maxRows without refusing more. */
  preview: boolean;
}
export type WorkerReply =
  | { type: 'ready'; estimate: number }
  | { type: 'error'; key: string }
  | { type: 'rows'; rows: string[][] }
  | { type: 'end' };

/** Where a workbook keeps the text of its string cells. */
const SHARED_STRINGS = /(^|\/)sharedStrings\d*\.xml$/i;

async function readRows({ file, kind, maxRows, preview }: SpreadsheetJob): Promise<string[][]> {
  const buf = readFileSync(file);
  // The sizes the zip declares were checked on upload; here they are held: each part unpacks
  // to at most its declared size, so an understated one fails before SheetJS sees it. The first
  // sheet and the shared strings are read as they unpack: an endless cell or a row too many is
  // refused there, before SheetJS spends seconds on the whole part.
  const entries = checkSpreadsheetSize(buf, kind);
  const sheet = kind === 'xlsx' ? firstSheetPart(buf, entries) : null;
  for (const e of entries) {
    if (kind === 'ods' && e.name === 'content.xml') {
      checkOdsRepeats(inflateEntry(buf, e).toString('utf8'));
      continue;
    }
    const scan = e.name === sheet ? scanXlsxCells(preview ? Infinity : maxRows)
      : kind === 'xlsx' && SHARED_STRINGS.test(e.name) ? scanXlsxCells() : null;
    for await (const chunk of inflateEntryChunks(buf, e)) scan?.write(chunk);
    scan?.end();
  }
  const wb = XLSX.read(buf, {
    type: 'buffer', dense: true, cellNF: true, cellHTML: false, cellFormula: false, cellStyles: false,
    sheetRows: preview ? maxRows : maxRows + 1,
  });
  const name = wb.SheetNames[0];
  const data = ((name ? wb.Sheets[name] : undefined)?.['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  if (!preview && data.length > maxRows) throw new ImportFileError('errors.import.tooLarge');
  const out: string[][] = new Array(data.length);
  let cells = 0;
  for (let r = 0; r < data.length; r++) {
    const src = data[r] ?? [];
    // Styled but empty cells at the end of a row are not columns.
    let end = src.length;
    while (end > 0 && cellText(src[end - 1]) === '') end--;
    cells += end;
    checkShape(preview ? 1 : r + 1, end);
    if (!preview && cells > IMPORT_LIMITS.spreadsheetCells) throw new ImportFileError('errors.import.tooLarge');
    const row: string[] = new Array(end);
    for (let c = 0; c < end; c++) {
      const text = cellText(src[c]);
      if (text.length > IMPORT_LIMITS.cellChars) throw new ImportFileError('errors.import.cellTooLong');
      row[c] = text;
    }
    out[r] = row;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as text. Numbers are written out in full from the stored value, never from the display
 * format, so a phone number like 8613800138000 does not come back as "8.6138E+12"; date cells
 * come back as "YYYY-MM-DD HH:MM:SS".
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's': return String(cell.v);
    case 'b': return cell.v ? 'TRUE' : 'FALSE';
    case 'd': return dateText(cell.v as Date);
    case 'n': {
      const v = cell.v as number;
      if (typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) {
        const p = XLSX.SSF.parse_date_code(v);
        if (p) return `${p.y}-${pad(p.m)}-${pad(p.d)} ${pad(p.H)}:${pad(p.M)}:${pad(Math.floor(p.S))}`;
      }
      // Integers in full (no exponent, no grouping); other numbers as JavaScript writes them.
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(0) : String(v);
    }
    case 'e': case 'z': return '';
    default: return String(cell.v);
  }
}

function dateText(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

// Runs last, once everything above is defined.
const CHUNK_ROWS = 5000;
const job = workerData as SpreadsheetJob;
const port = parentPort!;
const send = (m: WorkerReply) => port.postMessage(m);

let rows: string[][] = [];
try {
  rows = await readRows(job);
  send({ type: 'ready', estimate: rows.slice(1).filter((r) => r.some((c) => c.trim() !== '')).length });
} catch (err) {
  send({ type: 'error', key: err instanceof ImportFileError ? err.key : 'errors.import.unreadable' });
}
let next = 0;
port.on('message', () => {
  if (next >= rows.length) return send({ type: 'end' });
  send({ type: 'rows', rows: rows.slice(next, next + CHUNK_ROWS) });
  next += CHUNK_ROWS;
});
