import { escapeHtml, type Locale } from '@storecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from './locale.ts';

/** `?lang=` (a page's language switch, or the language a link was mailed in) first, then Accept-Language; zh-CN by default. */
export function pageLocale(req: FastifyRequest): Locale {
  const lang = (req.query as { lang?: unknown } | undefined)?.lang;
  if (lang === 'en-US' || lang === 'zh-CN') return lang;
  return requestLocale(req);
}

/** A paragraph of plain text, escaped. */
export const paragraph = (text: string, attrs = '') => `<p${attrs}>${escapeHtml(text)}</p>`;

/**
 * The small HTML page a mail's reader sees (unsubscribe, sender and pop-up confirmations, a bad
 * link): no script, no outside resource, never cached, under the public pages' CSP. `body` is
 * trusted markup (build it with `paragraph` and escaped values); `title` and `heading` are text.
 */
export function sendPublicPage(reply: FastifyReply, locale: Locale, page: { title: string; heading?: string; body: string }) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title>
<style>body{font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;max-width:480px;margin:64px auto;padding:0 16px;line-height:1.6;color:#1f1f1f}
h1{font-size:22px}button{background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 20px;font-size:15px;cursor:pointer}
.lang{margin-top:32px;font-size:13px}.coupon{font-size:18px;font-weight:600}</style>
</head><body><h1>${escapeHtml(page.heading ?? page.title)}</h1>${page.body}</body></html>`);
}
