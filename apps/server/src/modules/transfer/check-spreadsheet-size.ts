import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';
import { inflateEntry, inflateStart, readZipDirectory, type ZipEntry } from './read-zip-directory.ts';
import type { FileKind } from './sniff-file.ts';

/**
 * Refuses a spreadsheet by what it says about itself, before anything parses it: the unpacked
 * sizes in the zip's central directory (xlsx, ods) and, for xlsx, the first sheet's
 * <dimension ref="A1:J300001">. Both can lie; the reader holds the unpacking to the declared
 * sizes and counts the rows and columns it gets, so a lie only gets as far as those bounds.
 * An xls (a compound file, not compressed) is bounded by the upload limit itself.
 */
export function checkSpreadsheetSize(buf: Buffer, kind: FileKind): ZipEntry[] {
  if (kind !== 'xlsx' && kind !== 'ods') return [];
  const entries = readZipDirectory(buf, IMPORT_LIMITS.zipEntries);
  const unpacked = entries.reduce((n, e) => n + e.size, 0);
  if (unpacked > IMPORT_LIMITS.unpackedBytes) throw new ImportFileError('errors.import.tooLarge');
  if (kind === 'xlsx') {
    const dim = firstSheetDimension(buf, entries);
    if (dim) checkShape(dim.rows, dim.columns);
  }
  return entries;
}

/** Rows and columns within the bounds, or the refusal. */
export function checkShape(rows: number, columns: number) {
  if (columns > IMPORT_LIMITS.columns) throw new ImportFileError('errors.import.tooManyColumns');
  if (rows > IMPORT_LIMITS.spreadsheetRows + 1 || rows * columns > IMPORT_LIMITS.spreadsheetCells) {
    throw new ImportFileError('errors.import.tooLarge');
  }
}

/** Small XML parts (the workbook and its relationships) are read whole, up to this size. */
const SMALL_PART = 1024 * 1024;

function smallPart(buf: Buffer, entries: ZipEntry[], name: string): string | null {
  const e = entries.find((x) => x.name === name);
  return e && e.size <= SMALL_PART ? inflateEntry(buf, e).toString('utf8') : null;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** The part of the workbook's first sheet: what a reader opens, by workbook.xml and its rels. */
export function firstSheetPart(buf: Buffer, entries: ZipEntry[]): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  const sheet = smallPart(buf, entries, 'xl/workbook.xml')?.match(/<(?:\w+:)?sheet\s[^<>]*>/)?.[0];
  const id = sheet && attr(sheet, '(?:\\w+:)?id');
  const rels = smallPart(buf, entries, 'xl/_rels/workbook.xml.rels');
  if (!id || !rels) return fallback;
  for (const tag of rels.match(/<(?:\w+:)?Relationship\s[^<>]*>/g) ?? []) {
    if (attr(tag, 'Id') !== id) continue;
    const target = attr(tag, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return fallback;
}

const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** The first sheet's declared extent, or null when it declares none. */
function firstSheetDimension(buf: Buffer, entries: ZipEntry[]): { rows: number; columns: number } | null {
  const part = firstSheetPart(buf, entries);
  const e = entries.find((x) => x.name === part);
  if (!e) return null;
  // The <dimension> element comes right after the root element, within the first few hundred bytes.
  const head = inflateStart(buf, e, 4096);
  const m = head.match(/<(?:\w+:)?dimension\s+ref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/);
  if (!m) return null;
  const [, c1, r1, c2 = c1!, r2 = r1!] = m;
  return {
    rows: Math.abs(Number(r2) - Number(r1)) + 1,
    columns: Math.abs(columnNumber(c2) - columnNumber(c1!)) + 1,
  };
}
