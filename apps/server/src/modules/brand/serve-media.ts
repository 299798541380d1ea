import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { media } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { MEDIA_ROUTE, parseMediaName } from './media-url.ts';

/**
 * Serves uploaded images at their public address, without a session: mail clients and inbox
 * proxies fetch them anonymously. This is the one read of store-owned rows that has no store
 * scope; it finds a row only by its random id, and the file path comes from that row.
 */
export function serveMedia(app: FastifyInstance, deps: Deps) {
  app.get(MEDIA_ROUTE, async (req, reply) => {
    const parsed = parseMediaName((req.params as { name: string }).name);
    const [row] = parsed
      ? await deps.dbh.db.select({ path: media.path, mime: media.mime, ext: media.ext }).from(media).where(eq(media.id, parsed.id))
      : [];
    if (!row || row.ext !== parsed!.ext) return reply.status(404).type('text/plain').send('Not found');
    let body: Buffer;
    try {
      body = await readFile(path.join(deps.config.dataDir, row.path));
    } catch {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // The id names one file forever, so caches may keep it; nosniff keeps it an image.
    return reply
      .type(row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
