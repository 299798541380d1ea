import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** What the admin's build writes where each page's nonce goes (`html.cspNonce` in vite.config.ts). */
export const NONCE_PLACEHOLDER = 'STORECAST_CSP_NONCE';

/**
 * The admin's policy. Scripts only from this server; style elements only with this page's nonce
 * (antd's CSS-in-JS gets it through ConfigProvider, the e-mail previews stamp it on the mail's own
 * style elements). Style attributes stay allowed because the previews are srcdoc frames, which
 * share this policy, and rendered mail is made of style attributes; they cannot run code, and
 * what they could load is bound by img-src. Mail images come from anywhere, as in a mailbox.
 */
export function adminPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export type SendAdminPage = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built admin app at `/`. Unknown non-API paths get index.html so the app's router
 * decides (its /404 page included); hashed assets are cached for a year. index.html is written
 * per request, with a fresh nonce in it and in its policy. Returns how to send it, or null when
 * the app is not built.
 */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<SendAdminPage | null> {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dist }, 'admin app not built; run `npm run build -w @storecast/web`');
    return null;
  }
  const template = readFileSync(indexFile, 'utf8');
  const sendAdminPage: SendAdminPage = (reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', adminPolicy(nonce))
      .send(template.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // index.html only ever leaves through sendAdminPage, with its nonce filled in.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_req, reply) => sendAdminPage(reply));
  return sendAdminPage;
}
