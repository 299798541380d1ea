import { StringDecoder } from 'node:string_decoder';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';

// Linear: `[^<>]*` cannot run past the next tag, so no unclosed tag makes the scan rescan.
const TAG = /<(\/?)(?:\w+:)?(si|is|c|t|v|rPh|row)(?=[\s/>])([^<>]*)>/g;
const ENTITY = /&(?:(quot|apos|gt|lt|amp)|#(x?)([\da-fA-F]+));/gi;
const NAMED: Record<string, string> = { quot: '"', apos: "'", gt: '>', lt: '<', amp: '&' };
const ESCAPE = /_x([\da-fA-F]{4})_/gi;
/** What a piece may end in the middle of: an entity, an `_xHHHH_` escape, a CRLF. */
const PARTIAL_END = /(?:&[#\w]*|_(?:x[\da-fA-F]{0,4})?|\r)$/;
/** The attributes of the tags read here are short; a longer unclosed "tag" is someone's text. */
const MAX_CARRY = 4096;

/** A cell's text as a reader gets it: entities, then `_xHHHH_` escapes, then CRLF, each one character. */
function decodedLength(raw: string): number {
  return raw
    .replace(ENTITY, (_, name?: string, hex?: string, digits?: string) =>
      (name ? NAMED[name.toLowerCase()] : undefined) ?? String.fromCharCode(Number.parseInt(digits ?? '', hex ? 16 : 10) || 0))
    .replace(ESCAPE, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/\r\n/g, '\n').length;
}

/**
 * Reads an xlsx sheet or shared-string part as it is unpacked, before SheetJS reads it: SheetJS
 * takes many seconds over a sheet of one endless cell and cannot be stopped midway. Stops at the
 * first cell (or shared string) whose text is over Excel's length, and, given `maxRows`, at the
 * first row past it. Refuses only what is certain; what it lets through is still checked as
 * the rows are read. Feed it the part's bytes in order (`write`), then `end`.
 */
export function scanXlsxCells(maxRows = Infinity) {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let rows = 0;
  // Inside a shared string or an inline string: its text runs count.
  let inString = false;
  let inCell = false;
  let cellIsFormulaText = false;
  let phonetic = false;
  let inRun = false;
  let text: string[] = [];
  let rawLength = 0;
  let nextCheck = IMPORT_LIMITS.cellChars;

  const refuseLong = (length: number) => {
    if (length > IMPORT_LIMITS.cellChars) throw new ImportFileError('errors.import.cellTooLong');
  };
  const addText = (s: string) => {
    if (!s) return;
    text.push(s);
    rawLength += s.length;
    // One run can be the whole part: it is judged as it grows, not when (if ever) it closes. The
    // checks double their distance, so the text is decoded a bounded number of times.
    if (rawLength > nextCheck) {
      const joined = text.join('');
      text = [joined];
      // What the piece may have cut off at its end counts as nothing yet.
      refuseLong(decodedLength(joined) - (joined.match(PARTIAL_END)?.[0].length ?? 0));
      nextCheck = rawLength * 2;
    }
  };
  const finishCell = () => {
    if (rawLength > IMPORT_LIMITS.cellChars) refuseLong(decodedLength(text.join('')));
    text = [];
    rawLength = 0;
    nextCheck = IMPORT_LIMITS.cellChars;
  };
  const onTag = (closing: boolean, name: string, attrs: string) => {
    const selfClosing = attrs.endsWith('/');
    switch (name) {
      case 'row':
        if (!closing && ++rows > maxRows) throw new ImportFileError('errors.import.tooLarge');
        return;
      case 'c':
        if (closing || selfClosing) {
          finishCell();
          inCell = false;
        } else {
          inCell = true;
          cellIsFormulaText = /\st="str"/.test(attrs);
        }
        return;
      case 'si':
      case 'is':
        inString = !closing && !selfClosing;
        if (name === 'si' && !inString) finishCell();
        return;
      case 'rPh':
        phonetic = !closing && !selfClosing;
        return;
      default: {
        // <t> runs of a string, or the <v> holding a formula's text result.
        const counts = name === 't' ? inString && !phonetic : inCell && cellIsFormulaText;
        if (counts && !selfClosing) inRun = !closing;
      }
    }
  };

  return {
    write(bytes: Buffer) {
      const chunk = carry + decoder.write(bytes);
      carry = '';
      let pos = 0;
      for (const m of chunk.matchAll(TAG)) {
        if (inRun) addText(chunk.slice(pos, m.index));
        onTag(m[1] === '/', m[2]!, m[3] ?? '');
        pos = m.index + m[0].length;
      }
      // A tag cut by the chunk's end is read with the next chunk.
      const lt = chunk.lastIndexOf('<');
      let end = chunk.length;
      if (lt >= pos && chunk.indexOf('>', lt) < 0 && chunk.length - lt <= MAX_CARRY) {
        carry = chunk.slice(lt);
        end = lt;
      }
      if (inRun) addText(chunk.slice(pos, end));
    },
    end() {
      this.write(Buffer.alloc(0));
      if (inCell || inString) finishCell();
    },
  };
}
