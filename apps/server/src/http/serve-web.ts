import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StripeConfig } from '../config.ts';

/** What the admin's build writes where each page's nonce goes (`html.cspNonce` in vite.config.ts). */
export const NONCE_PLACEHOLDER = 'STORECAST_CSP_NONCE';

/**
 * The admin's policy. Scripts only from this server; style elements only with this page's nonce
 * (antd's CSS-in-JS gets it through ConfigProvider, the e-mail previews stamp it on the mail's own
 * style elements). Style attributes stay allowed because the previews are srcdoc frames, which
 * share this policy, and rendered mail is made of style attributes; they cannot run code, and
 * what they could load is bound by img-src. Mail images come from anywhere, as in a mailbox.
 * With payments configured, the provider's origins may run script, be called and be framed: the
 * card is typed into its own form, never into ours.
 */
export function adminPolicy(nonce: string, paymentOrigins: readonly string[] = []) {
  const extra = paymentOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    ...(extra ? [`frame-src 'self'${extra}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STRIPE_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/**
 * Where the payment provider's card form comes from and talks to: its script, the API it calls
 * from the browser and the frames of its card fields and 3-D Secure. Without payments, nothing.
 */
export function paymentOrigins(stripe: StripeConfig | null | undefined): string[] {
  if (!stripe) return [];
  const origins = new Set(STRIPE_ORIGINS);
  for (const url of [stripe.jsUrl, stripe.apiBase]) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed URL in the config adds nothing: the defaults still stand.
    }
  }
  return [...origins];
}

export type SendAdminPage = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built admin app at `/`. Unknown non-API paths get index.html so the app's router
 * decides (its /404 page included); hashed assets are cached for a year, other files revalidate
 * by ETag and Last-Modified (a 304 when unchanged). Each file goes out as the .br or .gz the
 * build wrote beside it when the browser accepts that encoding (`Vary: Accept-Encoding`).
 * index.html is written per request, with a fresh nonce in it and in its policy. Returns how to
 * send it, or null when the app is not built.
 */
export async function serveWeb(app: FastifyInstance, dist: string, stripe?: StripeConfig | null): Promise<SendAdminPage | null> {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dist }, 'admin app not built; run `npm run build -w @storecast/web`');
    return null;
  }
  const template = readFileSync(indexFile, 'utf8');
  const origins = paymentOrigins(stripe);
  const sendAdminPage: SendAdminPage = (reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', adminPolicy(nonce, origins))
      .send(template.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html only ever leaves through sendAdminPage, with its nonce filled in.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_req, reply) => sendAdminPage(reply));
  return sendAdminPage;
}
