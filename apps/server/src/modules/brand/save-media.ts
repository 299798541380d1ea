import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, type Media } from '@storecast/contract';
import { media, type ShopScope } from '@storecast/db';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { cleanFileName } from '../../http/clean-file-name.ts';
import { mediaUrl } from './media-url.ts';
import { allowedImageName, sniffImage } from './sniff-image.ts';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;
const tooLarge = () => new AppError('errors.upload.imageSize', 413);
const wrongType = () => new AppError('errors.upload.imageType');

export type MediaRow = typeof media.$inferSelect;

/**
 * Reads the one multipart file of an upload request, refuses it unless it is a JPEG, PNG or
 * GIF by its first bytes (the name must say jpg, jpeg, gif or png too) and under 2 MB, and
 * stores it under `DATA_DIR/uploads/<shop>/media/`. An oversize file is refused from its
 * declared length before the body is read, or as soon as the stream passes the limit.
 */
export async function saveMedia(deps: Deps, scope: ShopScope, req: FastifyRequest, purpose: 'logo' | 'image'): Promise<MediaRow> {
  if (Number(req.headers['content-length'] ?? 0) > LIMITS.imageMaxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!req.isMultipart()) throw wrongType();
  const part = await req.file({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1 } });
  if (!part) throw wrongType();
  const fileName = cleanFileName(part.filename, 'image');
  if (!allowedImageName(fileName)) {
    part.file.resume();
    throw wrongType();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > LIMITS.imageMaxBytes) throw tooLarge();
      // Judge the type from the first chunk, so a renamed text file is not read any further.
      if (chunks.length === 0 && chunk.length >= 16 && !sniffImage(chunk)) throw wrongType();
      chunks.push(chunk);
    }
  } catch (err) {
    part.file.resume();
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (part.file.truncated) throw tooLarge();
  if (size === 0) throw new AppError('errors.upload.empty');
  const bytes = Buffer.concat(chunks);
  const info = sniffImage(bytes);
  if (!info) throw wrongType();

  const id = randomUUID();
  const rel = path.join('uploads', scope.shopId, 'media', `${id}.${info.ext}`);
  const abs = path.join(deps.config.dataDir, rel);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, bytes);
  try {
    const [row] = await deps.dbh.db.insert(media).values(scope.values({
      id, purpose, fileName, path: rel, ext: info.ext, mime: info.mime, size, width: info.width, height: info.height,
    })).returning();
    return row!;
  } catch (err) {
    await rm(abs, { force: true });
    throw err;
  }
}

export const toMedia = (publicUrl: string, row: MediaRow): Media => ({
  media_id: row.id,
  url: mediaUrl(publicUrl, row.id, row.ext),
  file_name: row.fileName,
  mime: row.mime,
  size: row.size,
  width: row.width,
  height: row.height,
});
