import { escapeHtml, type Locale, translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { sendPublicPage } from '../../http/send-public-page.ts';
import { CONFIRM_PATH, confirmSenderEmail, readConfirmToken } from './send-verification-mail.ts';

type Result = 'ask' | 'verified' | 'expired' | 'invalid';
const STATUS: Record<Result, number> = { ask: 200, verified: 200, expired: 410, invalid: 404 };

/**
 * The page's body in the reader's language. Asking is a plain form that posts the token back:
 * no script, so it works under the public pages' CSP, and the token travels in the body rather
 * than in a second URL.
 */
function body(locale: Locale, result: Result, params: { email: string; store: string; token: string }, adminUrl: string) {
  const t = (key: string) => escapeHtml(translateError(locale, `notices.sender.page.${key}`, params));
  return result === 'ask'
    ? `<p data-testid="sender-confirm-result" data-result="ask">${t('question')}</p>
<form method="post" action="${CONFIRM_PATH}"><input type="hidden" name="token" value="${escapeHtml(params.token)}">
<button type="submit" data-testid="sender-confirm-button">${t('confirm')}</button></form>`
    : `<p data-testid="sender-confirm-result" data-result="${result}">${t(result)}</p>
<p><a href="${escapeHtml(adminUrl)}">${t('back')}</a></p>`;
}

function send(req: FastifyRequest, reply: FastifyReply, deps: Deps, result: Result, params: { email?: string; store?: string; token?: string }) {
  const locale = requestLocale(req);
  const all = { email: '', store: '', token: '', ...params };
  return sendPublicPage(reply.status(STATUS[result]), locale, {
    title: translateError(locale, 'notices.sender.page.title', all),
    body: body(locale, result, all, `${deps.config.publicUrl}/store/sender-info`),
  });
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
