import { deflateSync } from 'node:zlib';

/**
 * Real, decodable images built byte by byte, for upload tests (no image library is installed):
 * a PNG of any size in one colour, a baseline JPEG in mid-grey, a 1 x 1 GIF. `padTo` grows a
 * file to a given size with a comment/ancillary chunk, so size advice can be tested.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function makePng(width: number, height: number, opts: { rgb?: [number, number, number]; padTo?: number } = {}): Buffer {
  const [r, g, b] = opts.rgb ?? [22, 119, 255];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw))];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const size = parts.reduce((n, p) => n + p.length, 0) + end.length;
  if (opts.padTo && opts.padTo > size + 12) parts.push(pngChunk('tEXt', Buffer.alloc(opts.padTo - size - 12, 0x61)));
  return Buffer.concat([...parts, end]);
}

const u16 = (n: number) => [n >> 8, n & 0xff];

/**
 * A grey baseline JPEG: one component, every 8 x 8 block "DC unchanged, end of block", with
 * one-symbol Huffman tables, so each block is two zero bits. Decoders show it as mid-grey.
 */
export function makeJpeg(width: number, height: number, opts: { padTo?: number } = {}): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = Buffer.alloc(Math.ceil(bits / 8));
  if (bits % 8) data[data.length - 1] = 0xff >> (bits % 8); // pad the last byte with ones
  const huff = (cls: number) => [0xff, 0xc4, ...u16(20), cls, 1, ...new Array(15).fill(0), 0];
  const head = Buffer.from([
    0xff, 0xd8,
    0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xff, 0xdb, ...u16(67), 0, ...new Array(64).fill(1),
    0xff, 0xc0, ...u16(11), 8, ...u16(height), ...u16(width), 1, 1, 0x11, 0,
    ...huff(0x00), ...huff(0x10),
    0xff, 0xda, ...u16(8), 1, 1, 0x00, 0, 63, 0,
  ]);
  const tail = Buffer.from([0xff, 0xd9]);
  const size = head.length + data.length + tail.length;
  // Comment segments (at most 65 533 bytes each) before the scan make the file as large as asked.
  let missing = (opts.padTo ?? 0) - size;
  const comments: Buffer[] = [];
  while (missing > 4) {
    const n = Math.min(missing - 4, 65_533);
    comments.push(Buffer.from([0xff, 0xfe, ...u16(n + 2)]), Buffer.alloc(n, 0x61));
    missing -= n + 4;
  }
  // Comments go right after the JFIF header (SOI 2 + APP0 18 bytes), before the frame.
  return Buffer.concat([head.subarray(0, 20), ...comments, head.subarray(20), data, tail]);
}

/** A 1 x 1 white GIF. */
export const makeGif = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
