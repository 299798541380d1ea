/**
 * What kind of file an upload is, judged by its name AND its first bytes, so a picture or a
 * text file renamed to .xlsx is refused before the rest of it is read.
 */
export type FileKind = 'csv' | 'xls' | 'xlsx' | 'ods';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: what Excel 97-2003 writes for .xls. */
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Binary formats people most often rename by mistake; none of them is a CSV. */
const BINARY = [ZIP, CFB, [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x25, 0x50, 0x44, 0x46], [0x1f, 0x8b]];

const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);

export function kindFromName(fileName: string): FileKind | null {
  const ext = fileName.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return ext === 'csv' || ext === 'xls' || ext === 'xlsx' || ext === 'ods' ? ext : null;
}

/** True when the first bytes (a few KB) fit the kind the name claims. */
export function headFits(kind: FileKind, head: Uint8Array): boolean {
  if (kind === 'xls') return startsWith(head, CFB);
  if (kind === 'xlsx' || kind === 'ods') {
    if (!startsWith(head, ZIP)) return false;
    // The first entry of an OpenDocument zip is the uncompressed "mimetype"; an xlsx has none.
    const text = Buffer.from(head.subarray(0, Math.min(head.length, 200))).toString('latin1');
    const isOds = text.includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet');
    return kind === 'ods' ? isOds : !text.includes('mimetypeapplication/vnd.oasis');
  }
  // CSV: text, so no known binary signature and no NUL bytes (UTF-16 files have them too; Excel
  // saves CSV as UTF-8 or the system code page, which is what we read).
  if (BINARY.some((m) => startsWith(head, m))) return false;
  return !head.includes(0);
}
