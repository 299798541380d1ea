import { LIMITS, type Locale, translateError } from '@storecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * Mails the sign-up code to a free address, or, when the address has an account, a notice to
 * its owner that someone tried to sign up with it (no code: a taken address never gets one).
 * From the product's own sender, in the language the sign-up was asked in.
 */
export async function sendSignUpMail(
  deps: Deps,
  to: string,
  mail: { kind: 'code'; code: string } | { kind: 'notice' },
  locale: Locale,
  log?: Log,
): Promise<void> {
  const params = { email: to, code: mail.kind === 'code' ? mail.code : '', minutes: LIMITS.verifyCodeTtlS / 60 };
  const t = (key: string) => translateError(locale, `notices.signUp.${key}`, params);
  const lines = mail.kind === 'code'
    ? [t('mail.intro'), mail.code, t('mail.expiry'), t('mail.ignore')]
    : [t('notice.intro'), t('notice.ifYou'), t('notice.ifNot')];
  const subject = mail.kind === 'code' ? t('mail.subject') : t('notice.subject');
  const html = lines
    .map((line, i) => mail.kind === 'code' && i === 1
      ? `<p style="font-size:28px;font-weight:600;letter-spacing:6px">${line}</p>`
      : `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  await deps.mail.send({
    from: { name: 'Storecast', address: deps.config.mailFrom },
    dkim: deps.config.systemDkim,
    to,
    subject,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">\n${html}\n</body></html>`,
    text: `${lines.join('\n\n')}\n`,
    shopId: null,
    meta: { kind: mail.kind === 'code' ? 'sign-up-code' : 'sign-up-notice' },
  });
  // Without SMTP the mail stays in the local outbox, so someone trying the product reads the
  // code here. Never with a real transport: the log is no place for a working code.
  if (deps.mail.name === 'outbox') {
    log?.info(mail.kind === 'code' ? { to, code: mail.code } : { to }, mail.kind === 'code'
      ? 'sign-up code mail kept in the local outbox'
      : 'sign-up notice (address already has an account) kept in the local outbox');
  }
}
