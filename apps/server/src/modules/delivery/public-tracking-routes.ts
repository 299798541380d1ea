import { escapeHtml, type Locale, translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { readRecipient, readTrackedLink, recordEngagement, unsubscribeDelivery } from './record-engagement.ts';
import { pageLocale, paragraph, sendPublicPage } from '../../http/send-public-page.ts';
import { readSmsToken } from './sms-token.ts';
import { appSecret, readDeliveryToken, type TokenPurpose } from './tracking-token.ts';

/**
 * What recipients' mail clients call, without a session, so plain Fastify routes rather than
 * envelope routes:
 *   GET  /api/public/o/:token              open pixel (a 1x1 GIF, never cached)
 *   GET  /api/public/c/:token/:index       click: 302 to link number `index` recorded for that
 *                                          mail's send, never to a URL taken from the request
 *   GET  /api/public/s/:token              an SMS's short link: 302 to the link its token names,
 *                                          recorded for that text's send (sms-token.ts)
 *   GET  /api/public/unsubscribe/:token    page in the recipient's language with a confirm button
 *   POST /api/public/unsubscribe/:token    RFC 8058 one-click (and the page's button): unsubscribes
 *                                          and answers 200 with no redirect
 * Each route takes only the token of its own purpose (tracking-token.ts): a pixel token opens no
 * unsubscribe page. A bad token records nothing. The writes live in record-engagement.ts.
 */
export function publicTrackingRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (pub) => {
    // RFC 8058 POSTs "List-Unsubscribe=One-Click" as a form; the body itself carries nothing we need.
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    pub.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    pub.get<{ Params: { token: string } }>('/api/public/o/:token', async (req, reply) => {
      const id = await deliveryOf(deps, 'open', req.params.token);
      if (id !== null) await recordEngagement(deps.dbh, id, 'opened', null);
      return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
    });

    pub.get<{ Params: { token: string; index: string } }>('/api/public/c/:token/:index', async (req, reply) => {
      const id = await deliveryOf(deps, 'click', req.params.token);
      const index = /^\d{1,4}$/.test(req.params.index) ? Number(req.params.index) : -1;
      const url = id === null || index < 0 ? null : await readTrackedLink(deps.dbh, id, index);
      if (!url || id === null) return unsubscribePage(reply.status(404), requestLocale(req), translateError(requestLocale(req), 'errors.common.notFound'));
      // A click is an open too, for clients that block the pixel.
      await recordEngagement(deps.dbh, id, 'opened', null);
      await recordEngagement(deps.dbh, id, 'clicked', url);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    });

    pub.get<{ Params: { token: string } }>('/api/public/s/:token', async (req, reply) => {
      const link = readSmsToken(await appSecret(deps.config, deps.dbh), 'link', req.params.token);
      const url = link ? await readTrackedLink(deps.dbh, link.deliveryId, link.index) : null;
      if (!url || !link) return unsubscribePage(reply.status(404), requestLocale(req), translateError(requestLocale(req), 'errors.common.notFound'));
      await recordEngagement(deps.dbh, link.deliveryId, 'clicked', url);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    });

    pub.get<{ Params: { token: string } }>('/api/public/unsubscribe/:token', async (req, reply) => {
      const locale = pageLocale(req);
      const who = await recipientOf(deps, req.params.token);
      if (!who) return unsubscribePage(reply.status(404), locale, translateError(locale, 'errors.unsubscribe.invalid'));
      const text = translateError(locale, 'notices.unsubscribe.question', { store: who.store, email: who.email });
      const path = req.url.split('?')[0]!;
      const button = `<form method="post" action="${escapeHtml(path)}?lang=${locale}"><button type="submit">${escapeHtml(translateError(locale, 'notices.unsubscribe.confirm'))}</button></form>`;
      return unsubscribePage(reply, locale, text, button, path);
    });

    pub.post<{ Params: { token: string } }>('/api/public/unsubscribe/:token', async (req, reply) => {
      const locale = pageLocale(req);
      const who = await recipientOf(deps, req.params.token);
      if (!who) return unsubscribePage(reply.status(404), locale, translateError(locale, 'errors.unsubscribe.invalid'));
      // A mail client's RFC 8058 POST says so in its body; the page's button posts nothing.
      const oneClick = typeof req.body === 'string' && req.body.includes('List-Unsubscribe=One-Click');
      await unsubscribeDelivery(deps.dbh, who.deliveryId, {
        via: oneClick ? 'one-click' : 'link', ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''),
      });
      return unsubscribePage(reply.status(200), locale, translateError(locale, 'notices.unsubscribe.done', { store: who.store, email: who.email }));
    });
  });
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function deliveryOf(deps: Deps, purpose: TokenPurpose, token: string): Promise<number | null> {
  return readDeliveryToken(await appSecret(deps.config, deps.dbh), purpose, token);
}

async function recipientOf(deps: Deps, token: string) {
  const id = await deliveryOf(deps, 'unsubscribe', token);
  if (id === null) return null;
  const who = await readRecipient(deps.dbh, id);
  return who ? { deliveryId: id, ...who } : null;
}

/** The unsubscribe pages: the text, trusted `extra` markup (a button), and a switch to the other language. */
function unsubscribePage(reply: FastifyReply, locale: Locale, text: string, extra = '', switchPath?: string) {
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const sw = switchPath ? `<p class="lang"><a href="${escapeHtml(switchPath)}?lang=${other}">${other === 'zh-CN' ? '中文' : 'English'}</a></p>` : '';
  return sendPublicPage(reply, locale, { title: translateError(locale, 'notices.unsubscribe.title'), body: paragraph(text) + extra + sw });
}
