import { createReadStream } from 'node:fs';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';

/**
 * CSV as Excel, LibreOffice and other tools write it: UTF-8 with or without a BOM, or GBK (what
 * Excel writes on Chinese systems), separated by commas, semicolons or tabs, with quoted fields
 * that may hold separators, quotes ("") and line breaks. Read as a stream, so a large file never
 * sits in memory whole. A record is bounded (IMPORT_LIMITS: columns, characters per cell), so
 * a file of one endless line or a quote that is never closed is refused, not held in memory.
 */

export type CsvEncoding = 'utf-8' | 'gbk';

const CHUNK = 1 << 20;

/** UTF-8 when every byte of the file decodes as UTF-8; otherwise GBK. */
export async function detectEncoding(file: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}

/** The separator used most in the first line: comma, semicolon or tab. */
export function detectDelimiter(firstLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const n = firstLine.split(d).length - 1;
    if (n > bestCount) [best, bestCount] = [d, n];
  }
  return best;
}

/**
 * Splits text into records. `feed` returns the records completed so far and keeps an unfinished
 * one (a quoted field running into the next chunk) for the next call; `end` flushes it.
 */
export class CsvParser {
  private rest = '';
  /** A chunk ended on "\r": a "\n" starting the next one belongs to that line break. */
  private skipLf = false;

  constructor(private readonly delimiter: string) {}

  feed(text: string): string[][] {
    return this.parse(this.rest + text, false);
  }

  end(): string[][] {
    const out = this.parse(this.rest, true);
    this.rest = '';
    return out;
  }

  private parse(s: string, final: boolean): string[][] {
    const out: string[][] = [];
    const d = this.delimiter.charCodeAt(0);
    const len = s.length;
    let i = 0;
    if (this.skipLf && s.charCodeAt(0) === 10) i = 1;
    this.skipLf = false;
    records: while (i < len) {
      const recordStart = i;
      const row: string[] = [];
      for (;;) {
        let value: string;
        if (s.charCodeAt(i) === 34) {
          // Quoted field: "" is a quote; anything after the closing quote up to the separator is kept.
          value = '';
          let j = i + 1;
          for (;;) {
            const k = s.indexOf('"', j);
            if (k < 0 || (k === len - 1 && !final)) {
              // A quote left open runs to the end of the file, taking every line after it.
              if (final) throw new ImportFileError('errors.import.unclosedQuote');
              if (value.length + len - j > IMPORT_LIMITS.cellChars) throw tooLongQuoted(s.slice(j, j + IMPORT_LIMITS.cellChars));
              this.rest = s.slice(recordStart);
              return out;
            }
            if (s.charCodeAt(k + 1) === 34) { value += s.slice(j, k) + '"'; j = k + 2; continue; }
            value += s.slice(j, k);
            i = k + 1;
            break;
          }
          let k = i;
          while (k < len) { const c = s.charCodeAt(k); if (c === d || c === 10 || c === 13) break; k++; }
          if (k > i) value += s.slice(i, k);
          i = k;
        } else {
          let k = i;
          while (k < len) { const c = s.charCodeAt(k); if (c === d || c === 10 || c === 13) break; k++; }
          value = s.slice(i, k);
          i = k;
        }
        if (value.length > IMPORT_LIMITS.cellChars) throw new ImportFileError('errors.import.cellTooLong');
        row.push(value);
        if (row.length > IMPORT_LIMITS.columns) throw new ImportFileError('errors.import.tooManyColumns');
        if (i >= len) {
          if (!final) { this.rest = s.slice(recordStart); return out; }
          out.push(row);
          break records;
        }
        const c = s.charCodeAt(i);
        if (c === d) { i++; if (i >= len && final) { row.push(''); out.push(row); break records; } continue; }
        // End of line: \n, \r\n or \r.
        if (c === 13) {
          if (i + 1 < len) i += s.charCodeAt(i + 1) === 10 ? 2 : 1;
          else { i++; this.skipLf = true; }
        } else i++;
        out.push(row);
        continue records;
      }
    }
    this.rest = '';
    return out;
  }
}

/** An over-long quoted field that spans lines is most likely a stray quote, and is named so. */
const tooLongQuoted = (start: string) =>
  new ImportFileError(/[\r\n]/.test(start) ? 'errors.import.unclosedQuote' : 'errors.import.cellTooLong');

/** Every record of a CSV file, header included, with its encoding and separator detected. */
export async function* readCsv(file: string): AsyncGenerator<string[]> {
  for await (const records of readCsvChunks(file)) yield* records;
}

/**
 * The same records a chunk of the file at a time (about a megabyte each), for readers of large
 * files: one await per chunk instead of one per record.
 */
export async function* readCsvChunks(file: string): AsyncGenerator<string[][]> {
  const encoding = await detectEncoding(file);
  // The WHATWG decoder drops a UTF-8 BOM by itself.
  const decoder = new TextDecoder(encoding);
  let parser: CsvParser | null = null;
  let head = '';
  const start = (text: string) => {
    parser = new CsvParser(detectDelimiter(text.split(/[\r\n]/, 1)[0] ?? ''));
    return parser.feed(text);
  };
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (parser) {
      yield (parser as CsvParser).feed(text);
      continue;
    }
    // The separator is judged on the whole first line, so wait until it is complete.
    head += text;
    if (!/[\r\n]/.test(head) && head.length < CHUNK) continue;
    yield start(head);
    head = '';
  }
  const tail = decoder.decode();
  if (!parser) yield start(head + tail);
  else if (tail) yield (parser as CsvParser).feed(tail);
  yield (parser as unknown as CsvParser).end();
}
