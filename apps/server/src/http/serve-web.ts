import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built admin app at `/`. Unknown non-API paths get index.html so the app's router
 * decides (its /404 page included); hashed assets are cached for a year.
 */
export async function serveWeb(app: FastifyInstance, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'admin app not built; run `npm run build -w @storecast/web`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
