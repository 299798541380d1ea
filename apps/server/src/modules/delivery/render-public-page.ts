import { type Locale, translateError } from '@storecast/contract';
import { escapeHtml } from '@storecast/email';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/locale.ts';

/** `?lang=` (the page's language switch) first, then Accept-Language; zh-CN by default. */
export function pageLocale(req: FastifyRequest): Locale {
  const lang = (req.query as { lang?: string } | undefined)?.lang;
  if (lang === 'en-US' || lang === 'zh-CN') return lang;
  return requestLocale(req);
}

/**
 * The small HTML page a recipient sees (unsubscribe question, confirmation, a bad link): no
 * script, no external resource, never cached. `extra` is trusted markup; `text` is escaped.
 */
export function sendPublicPage(reply: FastifyReply, locale: Locale, text: string, extra = '', switchPath?: string) {
  const title = translateError(locale, 'notices.unsubscribe.title');
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const sw = switchPath ? `<p class="lang"><a href="${escapeHtml(switchPath)}?lang=${other}">${other === 'zh-CN' ? '中文' : 'English'}</a></p>` : '';
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;max-width:480px;margin:64px auto;padding:0 16px;color:#1f1f1f}
button{background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 20px;font-size:15px;cursor:pointer}.lang{margin-top:32px;font-size:13px}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}${sw}</body></html>`);
}
