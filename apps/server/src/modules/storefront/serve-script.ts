import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import { requestLocale } from '../../http/locale.ts';

/** Where the workspace builds the storefront script. */
export const STOREFRONT_SCRIPT = path.resolve(import.meta.dirname, '../../../../storefront/dist/storecast.js');

/**
 * GET /storecast.js: the script every store's pages load. Any site may load it (it holds no
 * store data; a store is named by the key its page passes), so it is served to every origin,
 * cached for five minutes, and readable by pages that require cross-origin resource policy.
 * Read per request, so a rebuild is served without a restart.
 */
export function serveStorefrontScript(app: FastifyInstance, file = STOREFRONT_SCRIPT) {
  app.get('/storecast.js', async (req, reply) => {
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return reply.status(404).send({ code: ResultCode.NOT_FOUND, msg: translateError(requestLocale(req), 'errors.common.notFound'), data: null });
    }
    return reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(body);
  });
}
