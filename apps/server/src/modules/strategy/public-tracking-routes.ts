import { type Locale, translateError } from '@storecast/contract';
import type { DbHandle } from '@storecast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { appSecret, readDeliveryToken, type TokenPurpose } from './tracking-token.ts';

/**
 * What recipients' mail clients call, without a session, so plain Fastify routes rather than
 * envelope routes:
 *   GET  /api/public/o/:token              open pixel (a 1x1 GIF, never cached)
 *   GET  /api/public/c/:token/:index       click: 302 to link number `index` recorded for that
 *                                          mail's strategy, never to a URL taken from the request
 *   GET  /api/public/unsubscribe/:token    page in the recipient's language with a confirm button
 *   POST /api/public/unsubscribe/:token    RFC 8058 one-click (and the page's button): unsubscribes
 *                                          and answers 200 with no redirect
 * Each route takes only the token of its own purpose (tracking-token.ts): a pixel token opens no
 * unsubscribe page. A bad token records nothing.
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
      const { rows } = id === null || index < 0 ? { rows: [] } : await deps.dbh.query<{ url: string }>(
        `select l.url from deliveries d join strategy_links l on l.strategy_id = d.strategy_id and l.idx = $2 where d.id = $1`,
        [id, index],
      );
      const url = rows[0]?.url;
      if (!url || id === null) return page(reply.status(404), requestLocale(req), translateError(requestLocale(req), 'errors.common.notFound'));
      // A click is an open too, for clients that block the pixel.
      await recordEngagement(deps.dbh, id, 'opened', null);
      await recordEngagement(deps.dbh, id, 'clicked', url);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    });

    pub.get<{ Params: { token: string } }>('/api/public/unsubscribe/:token', async (req, reply) => {
      const locale = pageLocale(req);
      const who = await recipientOf(deps, req.params.token);
      if (!who) return page(reply.status(404), locale, translateError(locale, 'errors.unsubscribe.invalid'));
      const text = translateError(locale, 'errors.unsubscribe.question', { store: who.store, email: who.email });
      const button = `<form method="post" action="${escapeHtml(req.url.split('?')[0]!)}?lang=${locale}"><button type="submit">${escapeHtml(translateError(locale, 'errors.unsubscribe.confirm'))}</button></form>`;
      return page(reply, locale, text, button, req.url.split('?')[0]);
    });

    pub.post<{ Params: { token: string } }>('/api/public/unsubscribe/:token', async (req, reply) => {
      const locale = pageLocale(req);
      const who = await recipientOf(deps, req.params.token);
      if (!who) return page(reply.status(404), locale, translateError(locale, 'errors.unsubscribe.invalid'));
      await unsubscribeDelivery(deps.dbh, who.deliveryId);
      return page(reply.status(200), locale, translateError(locale, 'errors.unsubscribe.done', { store: who.store, email: who.email }));
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
  const { rows } = await deps.dbh.query<{ email: string; store: string }>(
    `select d.email, s.name as store from deliveries d join shops s on s.id = d.shop_id where d.id = $1`, [id]);
  return rows[0] ? { deliveryId: id, ...rows[0] } : null;
}

/**
 * An open or click: the first of each stamps the delivery, every one moves the subscriber's
 * last_open_at / last_click_at, and the first of each per delivery lands in `events`, so segments such as "opened in 7 days" see it.
 */
async function recordEngagement(dbh: DbHandle, deliveryId: number, kind: 'opened' | 'clicked', url: string | null) {
  await dbh.transaction(async (c) => {
    const col = kind === 'opened' ? 'opened_at' : 'clicked_at';
    const first = await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `update deliveries set ${col} = now()
       where id = $1 and ${col} is null returning shop_id, subscriber_id, strategy_id`,
      [deliveryId],
    );
    const { rows } = first.rowCount ? first : await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `select shop_id, subscriber_id, strategy_id from deliveries where id = $1`, [deliveryId]);
    const d = rows[0];
    if (!d?.subscriber_id) return;
    await c.query(
      kind === 'opened'
        ? `update subscribers set last_open_at = now() where id = $1`
        : `update subscribers set last_click_at = now() where id = $1`,
      [d.subscriber_id],
    );
    if (first.rowCount) {
      await c.query(
        `insert into events (shop_id, subscriber_id, type, occurred_at, subject, properties) values ($1, $2, $3, now(), $4, $5)`,
        [d.shop_id, d.subscriber_id, kind, url ?? d.strategy_id, JSON.stringify({ strategy_id: d.strategy_id, delivery_id: deliveryId })],
      );
    }
  });
}

/**
 * Subscriber status `unsubscribed` (unless already out for another reason), stamped on the
 * delivery. Also what a mailto unsubscribe does (modules/inbound).
 */
export async function unsubscribeDelivery(dbh: DbHandle, deliveryId: number) {
  await dbh.transaction(async (c) => {
    const { rows } = await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `update deliveries set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = $1 returning shop_id, subscriber_id, strategy_id`,
      [deliveryId],
    );
    const d = rows[0];
    if (!d?.subscriber_id) return;
    const r = await c.query(
      `update subscribers set status = 'unsubscribed', updated_at = now() where id = $1 and shop_id = $2 and status = 'subscribed'`, [d.subscriber_id, d.shop_id]);
    if (r.rowCount) {
      await c.query(
        `insert into events (shop_id, subscriber_id, type, occurred_at, subject, properties) values ($1, $2, 'unsubscribed', now(), $3, $4)`,
        [d.shop_id, d.subscriber_id, d.strategy_id, JSON.stringify({ strategy_id: d.strategy_id, delivery_id: deliveryId })],
      );
    }
  });
}

/** `?lang=` (the page's language switch) first, then Accept-Language; zh-CN by default. */
function pageLocale(req: FastifyRequest): Locale {
  const lang = (req.query as { lang?: string } | undefined)?.lang;
  if (lang === 'en-US' || lang === 'zh-CN') return lang;
  return requestLocale(req);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, locale: Locale, text: string, extra = '', switchPath?: string) {
  const title = translateError(locale, 'errors.unsubscribe.title');
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const sw = switchPath ? `<p class="lang"><a href="${escapeHtml(switchPath)}?lang=${other}">${other === 'zh-CN' ? '中文' : 'English'}</a></p>` : '';
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;max-width:480px;margin:64px auto;padding:0 16px;color:#1f1f1f}
button{background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 20px;font-size:15px;cursor:pointer}.lang{margin-top:32px;font-size:13px}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}${sw}</body></html>`);
}
