import { escapeHtml, type Locale, translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { CONFIRM_PATH, confirmSenderEmail, readConfirmToken } from './send-verification-mail.ts';

type Result = 'ask' | 'verified' | 'expired' | 'invalid';
const STATUS: Record<Result, number> = { ask: 200, verified: 200, expired: 410, invalid: 404 };

/**
 * The page in the reader's language. Asking is a plain form that posts the token back: no
 * script, so it works under the public pages' CSP, and the token travels in the body rather
 * than in a second URL.
 */
function page(locale: Locale, result: Result, params: { email: string; store: string; token: string }, adminUrl: string) {
  const t = (key: string) => escapeHtml(translateError(locale, `notices.sender.page.${key}`, params));
  const body = result === 'ask'
    ? `<p data-testid="sender-confirm-result" data-result="ask">${t('question')}</p>
<form method="post" action="${CONFIRM_PATH}"><input type="hidden" name="token" value="${escapeHtml(params.token)}">
<button type="submit" data-testid="sender-confirm-button">${t('confirm')}</button></form>`
    : `<p data-testid="sender-confirm-result" data-result="${result}">${t(result)}</p>
<p><a href="${escapeHtml(adminUrl)}">${t('back')}</a></p>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t('title')}</title>
<style>body{font-family:sans-serif;max-width:560px;margin:64px auto;padding:0 16px;line-height:1.6}
button{background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 20px;font-size:15px;cursor:pointer}</style></head>
<body><h1 style="font-size:20px">${t('title')}</h1>
${body}
</body></html>`;
}

function send(req: FastifyRequest, reply: FastifyReply, deps: Deps, result: Result, params: { email?: string; store?: string; token?: string }) {
  return reply
    .status(STATUS[result])
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page(requestLocale(req), result, { email: '', store: '', token: '', ...params }, `${deps.config.publicUrl}/store/sender-info`));
}

/** The token from a form body (`token=…`) or a JSON one; anything else is no token. */
function tokenOf(body: unknown): string {
  if (typeof body === 'string') return new URLSearchParams(body).get('token') ?? '';
  const t = (body as { token?: unknown } | null)?.token;
  return typeof t === 'string' ? t : '';
}

/**
 * What a verification link opens. GET only shows the question with a button, because mail
 * scanners and link previewers fetch links on their own; the POST of that button verifies, and
 * it spends the token, so a used or replaced link afterwards says it is no longer valid. It is a
 * small page rather than a redirect into the admin: whoever reads the sender mailbox may not be
 * signed in, and the link itself is the proof.
 */
export function confirmPageRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (pub) => {
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));

    pub.get(CONFIRM_PATH, async (req, reply) => {
      const token = (req.query as Record<string, unknown>).token;
      const found = await readConfirmToken(deps, typeof token === 'string' ? token : '');
      if (found.result !== 'pending') return send(req, reply, deps, found.result, {});
      return send(req, reply, deps, 'ask', { email: found.email, store: found.store, token: token as string });
    });

    pub.post(CONFIRM_PATH, async (req, reply) => {
      const outcome = await confirmSenderEmail(deps, tokenOf(req.body));
      return send(req, reply, deps, outcome.result, outcome.result === 'verified' ? { email: outcome.email } : {});
    });
  });
}
