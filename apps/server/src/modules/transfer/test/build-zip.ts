import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Test helper: one part of a zip, deflated; `declaredSize` makes the directory state another
 * size, `packed` gives the deflated bytes as they are (a broken stream, say).
 */
export interface ZipPart { name: string; data: Buffer | string; declaredSize?: number; stored?: boolean; packed?: Buffer }

/** A zip file as spreadsheet programs write them (deflated parts, central directory at the end). */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data);
    const packed = p.packed ?? (p.stored ? data : deflateRawSync(data, { level: 9 }));
    const method = p.stored ? 0 : 8;
    const name = Buffer.from(p.name);
    const size = p.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Test helper: the parts of a one-sheet xlsx around the given sheet XML (or its rows). */
export function xlsxParts(sheet: { rowsXml?: string; dimension?: string; xml?: string | Buffer; declaredSize?: number }): ZipPart[] {
  const data = sheet.xml ?? `${XML}<worksheet xmlns="${MAIN}">${sheet.dimension ? `<dimension ref="${sheet.dimension}"/>` : ''}<sheetData>${sheet.rowsXml ?? ''}</sheetData></worksheet>`;
  return [
    { name: '[Content_Types].xml', data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>` },
    { name: '_rels/.rels', data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', data, declaredSize: sheet.declaredSize },
  ];
}

/** Test helper: one row of inline-string cells. */
export const xlsxRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

const ODS_NS = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

/** Test helper: an ods file (mimetype first and stored, as the format requires) around table rows. */
export function odsFile(rowsXml: string): Buffer {
  return buildZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', stored: true },
    { name: 'META-INF/manifest.xml', data: `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>` },
    { name: 'styles.xml', data: `${XML}<office:document-styles ${ODS_NS} office:version="1.2"/>` },
    { name: 'content.xml', data: `${XML}<office:document-content ${ODS_NS} office:version="1.2"><office:body><office:spreadsheet><table:table table:name="S">${rowsXml}</table:table></office:spreadsheet></office:body></office:document-content>` },
  ]);
}

/** Test helper: one ods row of string cells. */
export const odsRow = (cells: string[], attrs = '', cellAttrs = '') =>
  `<table:table-row${attrs}>${cells.map((c) => `<table:table-cell${cellAttrs} office:value-type="string"><text:p>${c}</text:p></table:table-cell>`).join('')}</table:table-row>`;
