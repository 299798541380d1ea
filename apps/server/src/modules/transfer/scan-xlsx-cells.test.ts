import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from './import-limits.ts';
import { scanXlsxCells } from './scan-xlsx-cells.ts';

/** Feeds a part to the scanner in pieces of `size` bytes (cutting tags, entities and UTF-8 characters), then ends it. */
function scan(xml: string, size: number, maxRows?: number) {
  const bytes = Buffer.from(xml);
  const s = scanXlsxCells(maxRows);
  for (let i = 0; i < bytes.length; i += size) s.write(bytes.subarray(i, i + size));
  s.end();
}
const key = (fn: () => void) => {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    return (err as Error).message;
  }
};

const MAX = IMPORT_LIMITS.cellChars;
const inline = (text: string, prefix = '') => `<${prefix}row r="1"><${prefix}c r="A1" t="inlineStr"><${prefix}is><${prefix}t>${text}</${prefix}t></${prefix}is></${prefix}c></${prefix}row>`;
const sheet = (rows: string) => `<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`;

describe('reading an xlsx part as it unpacks', () => {
  it('refuses an endless cell from its first pieces, before the part ends', () => {
    const s = scanXlsxCells();
    s.write(Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'));
    let fed = 0;
    const piece = Buffer.alloc(64 * 1024, 'x');
    const refusal = key(() => {
      for (; fed < 1000; fed++) s.write(piece);
    });
    expect(refusal).toBe('errors.import.cellTooLong');
    expect(fed).toBeLessThan(4);
  });

  it("counts a cell's characters as a reader gets them, wherever the pieces are cut", () => {
    for (const size of [1, 7, 1000, 1 << 20]) {
      // Entities, `_xHHHH_` escapes and CRLF are one character each; 中 is three bytes.
      expect(key(() => scan(sheet(inline('&amp;'.repeat(MAX))), size))).toBe('accepted');
      expect(key(() => scan(sheet(inline(`${'中'.repeat(MAX - 3)}_x000D_\r\n&#x41;`)), size))).toBe('accepted');
      expect(key(() => scan(sheet(inline('&lt;'.repeat(MAX + 1))), size))).toBe('errors.import.cellTooLong');
      expect(key(() => scan(sheet(inline('中'.repeat(MAX + 1), 'x:')), size))).toBe('errors.import.cellTooLong');
    }
  });

  it('adds up the runs of one string, leaves out its phonetic runs and other cells', () => {
    const half = 'y'.repeat(MAX / 2 + 1);
    const sst = (si: string) => `<sst><si>${si}</si><si><t>short</t></si></sst>`;
    expect(key(() => scan(sst(`<r><t>${half}</t></r><r><rPr><b/></rPr><t>${half}</t></r>`), 4096))).toBe('errors.import.cellTooLong');
    expect(key(() => scan(sst(`<r><t>${half}</t></r><rPh sb="0" eb="1"><t>${half}</t></rPh>`), 4096))).toBe('accepted');
    expect(key(() => scan(sheet(`${inline(half)}${inline(half)}`), 4096))).toBe('accepted');
  });

  it("counts a formula's text result, not a number", () => {
    const long = '1'.repeat(MAX + 1);
    expect(key(() => scan(sheet(`<row r="1"><c r="A1" t="str"><f>A2</f><v>${long}</v></c></row>`), 4096))).toBe('errors.import.cellTooLong');
    expect(key(() => scan(sheet(`<row r="1"><c r="A1"><v>${long}</v></c></row>`), 4096))).toBe('accepted');
  });

  it('stops at the first row past the limit it is given', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`).join('');
    expect(key(() => scan(sheet(rows), 5, 11))).toBe('errors.import.tooLarge');
    expect(key(() => scan(sheet(rows), 5, 12))).toBe('accepted');
    expect(key(() => scan(sheet(rows), 5))).toBe('accepted');
  });
});
