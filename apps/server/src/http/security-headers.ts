import { API_PREFIX } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Browser-facing policies, chosen by the kind of answer. The admin page sets its own (it carries
 * a fresh nonce, see serve-web.ts); every other answer gets one here unless its route set one.
 */
const POLICIES = {
  // JSON, images, files: nothing in them may load or run anything, nor be framed.
  resource: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  // Pages for mail readers (unsubscribe, sender confirmation): no script at all, their own inline
  // style, and a form that posts back to this server.
  page: "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  // Swagger UI: its bundle and styles from this server; it injects style elements of its own.
  docs: "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

/**
 * Headers every answer carries: no MIME sniffing (uploaded images and downloads are served as
 * what they are), no framing (the admin keeps a 30-day token in localStorage), no Referer (public
 * links carry tokens in their path), and no caching of API answers that hold store data.
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      const kind = req.url.startsWith(`${API_PREFIX}/docs`) ? 'docs' : type.startsWith('text/html') ? 'page' : 'resource';
      reply.header('content-security-policy', POLICIES[kind]);
    }
    if (req.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
