import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import { ImportFileError } from './import-limits.ts';

/** One part of a zip as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; a spreadsheet uses nothing else. */
  method: number;
  compressedSize: number;
  /** The unpacked size the directory claims; `inflateEntry` holds the data to it. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const unreadable = () => new ImportFileError('errors.import.unreadable');

/**
 * The entries of a zip from its central directory at the end of the file, without unpacking
 * anything. Zip64 (sizes or counts that do not fit 32 bits) is refused as too large: a
 * spreadsheet under the upload limit never needs it.
 */
export function readZipDirectory(buf: Buffer, maxEntries: number): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new ImportFileError('errors.import.tooLarge');
  if (count > maxEntries) throw new ImportFileError('errors.import.tooLarge');
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw unreadable();
    const nameLen = buf.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new ImportFileError('errors.import.tooLarge');
    entries.push(entry);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** The packed bytes of an entry, found through its local header. */
function packedData(buf: Buffer, e: ZipEntry): Buffer {
  const p = e.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw unreadable();
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  if (start + e.compressedSize > buf.length) throw unreadable();
  return buf.subarray(start, start + e.compressedSize);
}

/**
 * Unpacks an entry, never to more than the size the directory claims: a zip that understates
 * its sizes to pass the first check fails here, having used no more memory than it declared.
 */
export function inflateEntry(buf: Buffer, e: ZipEntry): Buffer {
  const packed = packedData(buf, e);
  if (e.method === 0) return packed;
  if (e.method !== 8) throw unreadable();
  let out: Buffer;
  try {
    out = inflateRawSync(packed, { maxOutputLength: Math.max(1, e.size) });
  } catch (err) {
    throw new ImportFileError((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'errors.import.tooLarge' : 'errors.import.unreadable');
  }
  if (out.length !== e.size) throw new ImportFileError(out.length > e.size ? 'errors.import.tooLarge' : 'errors.import.unreadable');
  return out;
}

/**
 * An entry unpacked piece by piece, so a reader can stop at the first thing it refuses without
 * unpacking the rest; held to the size the directory claims, as `inflateEntry` is.
 */
export async function* inflateEntryChunks(buf: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const packed = packedData(buf, e);
  if (e.method === 0) {
    yield packed;
    return;
  }
  if (e.method !== 8) throw unreadable();
  const inflate = createInflateRaw({ chunkSize: 1 << 20 });
  inflate.end(packed);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > e.size) throw new ImportFileError('errors.import.tooLarge');
      yield chunk;
    }
  } catch (err) {
    throw err instanceof ImportFileError ? err : unreadable();
  } finally {
    inflate.destroy();
  }
  if (size !== e.size) throw unreadable();
}

/**
 * The first `packedBytes` of an entry unpacked, for reading what an XML part starts with (an
 * xlsx sheet's <dimension>) without unpacking the rest. At most about a thousand times the
 * input comes out, so the caller keeps `packedBytes` small.
 */
export function inflateStart(buf: Buffer, e: ZipEntry, packedBytes: number): string {
  const packed = packedData(buf, e).subarray(0, packedBytes);
  if (e.method === 0) return packed.toString('utf8');
  try {
    return inflateRawSync(packed, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  } catch {
    return '';
  }
}
