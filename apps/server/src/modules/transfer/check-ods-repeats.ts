import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';

const TAG = /<(\/?)table:(table-row|table-cell|covered-table-cell|table)\b([^<>]*?)(\/?)>/g;
const repeat = (attrs: string, name: string) => Number(attrs.match(new RegExp(`table:${name}="(\\d{1,9})"`))?.[1] ?? 1);

/**
 * An OpenDocument sheet can ask for one cell repeated a million times across and down
 * (`table:number-columns-repeated`, `table:number-rows-repeated`) in a few bytes; a reader that
 * expands it works for minutes. Counts the first sheet's rows, columns and cells as they would
 * expand, before it is parsed. Empty repeated cells (how spreadsheet programs write the unused
 * area) are not counted.
 */
export function checkOdsRepeats(contentXml: string) {
  let rows = 0;
  let cells = 0;
  let rowRepeat = 1;
  let rowCells = 0;
  let column = 0;
  let inTable = false;
  for (const m of contentXml.matchAll(TAG)) {
    const [, closing, name, attrs = '', selfClosing] = m;
    if (name === 'table') {
      if (closing && inTable) return;
      if (!closing) inTable = true;
      continue;
    }
    if (!inTable) continue;
    if (name === 'table-row') {
      if (!closing) {
        rowRepeat = repeat(attrs, 'number-rows-repeated');
        rowCells = 0;
        column = 0;
      }
      if (closing || selfClosing) {
        if (rowCells > 0) {
          rows += rowRepeat;
          cells += rowRepeat * rowCells;
        }
        if (rows > IMPORT_LIMITS.spreadsheetRows + 1 || cells > IMPORT_LIMITS.spreadsheetCells) throw new ImportFileError('errors.import.tooLarge');
      }
      continue;
    }
    if (closing) continue;
    const n = repeat(attrs, 'number-columns-repeated');
    column += n;
    if (!selfClosing || attrs.includes('office:value-type=')) {
      rowCells += n;
      if (column > IMPORT_LIMITS.columns) throw new ImportFileError('errors.import.tooManyColumns');
    }
  }
}
