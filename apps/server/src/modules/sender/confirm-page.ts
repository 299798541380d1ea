import { type Locale, translateError } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { CONFIRM_PATH, confirmSenderEmail } from './send-verification-mail.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(locale: Locale, result: 'verified' | 'expired' | 'invalid', email: string, adminUrl: string) {
  const t = (key: string) => escapeHtml(translateError(locale, `errors.sender.page.${key}`, { email }));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('title')}</title></head>
<body style="font-family:sans-serif;max-width:560px;margin:64px auto;padding:0 16px;line-height:1.6">
<h1 style="font-size:20px">${t('title')}</h1>
<p data-testid="sender-confirm-result" data-result="${result}">${t(result)}</p>
<p><a href="${escapeHtml(adminUrl)}">${t('back')}</a></p>
</body></html>`;
}

/**
 * The page a verification link opens. It answers a small page in the reader's language rather
 * than redirecting into the admin: whoever reads the sender mailbox may not be signed in, and
 * the link itself is the proof. Never cached, and never sends a Referer carrying the token.
 */
export function confirmPageRoute(app: FastifyInstance, deps: Deps) {
  app.get(CONFIRM_PATH, async (req, reply) => {
    const token = (req.query as Record<string, unknown>).token;
    const outcome = await confirmSenderEmail(deps, typeof token === 'string' ? token : '');
    const email = outcome.result === 'verified' ? outcome.email : '';
    return reply
      .status(outcome.result === 'verified' ? 200 : outcome.result === 'expired' ? 410 : 404)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page(requestLocale(req), outcome.result, email, `${deps.config.publicUrl}/store/sender-info`));
  });
}
