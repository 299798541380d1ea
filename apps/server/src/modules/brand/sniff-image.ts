/**
 * What an uploaded image really is, from its first bytes rather than its name, and its pixel
 * size when the header gives it cheaply (PNG, GIF: fixed offsets; JPEG: the first frame marker).
 */
export type ImageExt = 'jpg' | 'png' | 'gif';

export interface ImageInfo {
  ext: ImageExt;
  mime: string;
  width: number | null;
  height: number | null;
}

const NAME_EXTS = ['jpg', 'jpeg', 'gif', 'png'];

/** SPEC: jpg, jpeg, gif or png. */
export function allowedImageName(fileName: string): boolean {
  const ext = fileName.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return !!ext && NAME_EXTS.includes(ext);
}

const starts = (b: Uint8Array, magic: number[]) => magic.every((x, i) => b[i] === x);

export function sniffImage(b: Buffer): ImageInfo | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const ihdr = b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR';
    return { ext: 'png', mime: 'image/png', width: ihdr ? b.readUInt32BE(16) : null, height: ihdr ? b.readUInt32BE(20) : null };
  }
  if (b.length >= 10 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) {
    return { ext: 'gif', mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (starts(b, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', ...jpegSize(b) };
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds height then width. */
function jpegSize(b: Buffer): { width: number | null; height: number | null } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { width: null, height: null };
    const marker = b[i + 1]!;
    if (marker === 0xff) { i += 1; continue; }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return { width: null, height: null };
}
