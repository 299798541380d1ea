import type { Config } from './config.ts';
import { OPERATOR_TOKEN_MIN } from './http/check-operator-token.ts';
import { isMailDomain } from './messaging/read-system-sender.ts';

/** Whether mail links built on this public address may use https, as providers require. */
export const publicUrlIsHttps = (publicUrl: string) => publicUrl.toLowerCase().startsWith('https://');

/**
 * Settings that let the product start but make its mail fail the mailbox providers' rules. They
 * are warnings, not refusals: a local trial or a test runs on http and without a mail domain.
 */
export function listConfigWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!publicUrlIsHttps(config.publicUrl)) {
    warnings.push(
      `PUBLIC_URL (${config.publicUrl}) is not https: unsubscribe, click and open links in mail will be http, and mailbox `
      + 'providers refuse http one-click unsubscribe links (RFC 8058). A real installation needs an https PUBLIC_URL.',
    );
  }
  const fromDomain = config.mailFrom.slice(config.mailFrom.lastIndexOf('@') + 1);
  if (!isMailDomain(fromDomain)) {
    warnings.push(
      `The product's own mail (sender verification) would come from ${config.mailFrom}, which is not on a mail domain, `
      + 'so mailbox providers will likely reject it: set MAIL_FROM to an address of your domain (and SYSTEM_DKIM_* to sign it).',
    );
  } else if (!config.systemDkim) {
    warnings.push(`The product's own mail from ${config.mailFrom} is not DKIM-signed: set SYSTEM_DKIM_DOMAIN, SYSTEM_DKIM_SELECTOR and SYSTEM_DKIM_KEY.`);
  }
  if (config.operatorToken && config.operatorToken.length < OPERATOR_TOKEN_MIN) {
    warnings.push(`OPERATOR_TOKEN is shorter than ${OPERATOR_TOKEN_MIN} characters, so it is ignored and the operator's calls are refused.`);
  }
  return warnings;
}
