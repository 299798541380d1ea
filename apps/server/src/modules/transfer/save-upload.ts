import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { LIMITS } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import { AppError } from '../../http/app-error.ts';
import { cleanFileName } from '../../http/clean-file-name.ts';
import { type FileKind, headFits, kindFromName } from './sniff-file.ts';

export interface UploadMeta {
  id: string;
  fileName: string;
  kind: FileKind;
  size: number;
}

const SNIFF_BYTES = 4096;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

export const uploadDir = (dataDir: string, shopId: string) => path.join(dataDir, 'uploads', shopId);

/** The stored file and its metadata; null when the id is not an upload of this store. */
export async function findUpload(dataDir: string, scope: ShopScope, id: string): Promise<{ meta: UploadMeta; file: string } | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const dir = uploadDir(dataDir, scope.shopId);
  try {
    const meta = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as UploadMeta;
    return { meta, file: path.join(dir, id) };
  } catch {
    return null;
  }
}

/**
 * Streams the multipart file to `DATA_DIR/uploads/<shop>/<id>`. The name's extension and the
 * first bytes are checked as soon as they arrive, and the size while it streams, so a wrong or
 * oversize file is refused without being read whole.
 */
export async function saveUpload(dataDir: string, scope: ShopScope, part: MultipartFile): Promise<UploadMeta> {
  const fileName = cleanFileName(part.filename, 'upload');
  const kind = kindFromName(fileName);
  if (!kind) {
    part.file.resume();
    throw new AppError('errors.import.fileType');
  }
  const id = randomUUID();
  const dir = uploadDir(dataDir, scope.shopId);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, id);
  const out = createWriteStream(target);
  let size = 0;
  let head = Buffer.alloc(0);
  let sniffed = false;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > LIMITS.importMaxBytes || part.file.truncated) throw new AppError('errors.import.fileSize', 413);
      if (!sniffed) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          if (!headFits(kind, head)) throw new AppError('errors.import.fileType');
          sniffed = true;
        }
      }
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    if (part.file.truncated) throw new AppError('errors.import.fileSize', 413);
    if (size === 0) throw new AppError('errors.import.empty');
    if (!sniffed && !headFits(kind, head)) throw new AppError('errors.import.fileType');
    await new Promise<void>((resolve, reject) => { out.once('error', reject); out.end(() => resolve()); });
  } catch (err) {
    // Drain what is left of the request so the refusal can be answered, then drop the part file.
    part.file.resume();
    out.destroy();
    await rm(target, { force: true });
    throw err;
  }
  const meta: UploadMeta = { id, fileName, kind, size };
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(meta));
  return meta;
}

export async function removeUpload(file: string) {
  await rm(file, { force: true });
  await rm(`${file}.json`, { force: true });
}
