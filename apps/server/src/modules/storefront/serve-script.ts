import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/locale.ts';

/** Where the workspace builds the storefront script. */
export const STOREFRONT_SCRIPT = path.resolve(import.meta.dirname, '../../../../storefront/dist/storecast.js');

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

/** One build of the script, in each encoding, named by a hash of its bytes. */
interface ScriptVersion {
  stamp: string;
  hash: string;
  etag: string;
  lastModified: string;
  bodies: Record<Encoding, Buffer>;
}

async function loadVersion(file: string, stamp: string, mtime: Date): Promise<ScriptVersion> {
  const identity = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gz(identity, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 16);
  return {
    stamp,
    hash,
    // Weak: the three encodings are one script, and a cached copy of any of them is current.
    etag: `W/"${hash}"`,
    lastModified: mtime.toUTCString(),
    bodies: { br, gzip: gzipped, identity },
  };
}

/** The encoding to send: br, else gzip, else none, as the request's Accept-Encoding allows. */
export function pickEncoding(header: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
}

/** True when the browser's copy is this version: If-None-Match, or else If-Modified-Since. */
function isFresh(req: FastifyRequest, v: ScriptVersion): boolean {
  const tags = req.headers['if-none-match'];
  if (tags !== undefined) {
    const bare = (t: string) => t.trim().replace(/^W\//, '');
    return tags.split(',').some((t) => t.trim() === '*' || bare(t) === bare(v.etag));
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && since >= Date.parse(v.lastModified);
}

/**
 * GET /storecast.js: the script every store's pages load. Any site may load it (it holds no
 * store data; a store is named by the key its page passes), so it is served to every origin and
 * readable by pages that require cross-origin resource policy. It goes out brotli- or
 * gzip-compressed as the browser accepts. The URL owners paste, `/storecast.js`, is cached five
 * minutes and then revalidated (ETag, Last-Modified: a 304 while the build is the same);
 * `/storecast.js?v=<hash>`, the hash being the ETag's, names one build and is cached for a year.
 * A `v` that is not the current build's gets the current script, cached like the plain URL. The file is checked per
 * request, so a rebuild is served without a restart.
 */
export function serveStorefrontScript(app: FastifyInstance, file = STOREFRONT_SCRIPT) {
  let current: Promise<ScriptVersion> | null = null;
  let currentStamp = '';
  app.get<{ Querystring: { v?: unknown } }>('/storecast.js', async (req, reply) => {
    let v: ScriptVersion;
    try {
      const st = await stat(file);
      const stamp = `${st.mtimeMs}:${st.size}`;
      if (!current || stamp !== currentStamp) {
        currentStamp = stamp;
        current = loadVersion(file, stamp, st.mtime);
        current.catch(() => { currentStamp = ''; });
      }
      v = await current;
    } catch {
      return reply.status(404).send({ code: ResultCode.NOT_FOUND, msg: translateError(requestLocale(req), 'errors.common.notFound'), data: null });
    }
    const pinned = req.query.v === v.hash;
    reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', pinned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('vary', 'Accept-Encoding')
      .header('etag', v.etag)
      .header('last-modified', v.lastModified);
    if (isFresh(req, v)) return reply.status(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/javascript; charset=utf-8').send(v.bodies[encoding]);
  });
}
