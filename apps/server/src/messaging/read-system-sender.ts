import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isEmailAddress } from '@storecast/contract';
import { parse } from 'tldts';
import type { DkimKey } from './mail-sender.ts';

/**
 * A name mail can come from: a host under a public suffix (by the public suffix list), not an IP
 * address, `localhost` or a reserved name such as `.test`. Receivers check the From domain's
 * SPF, DKIM and DMARC, which such a name cannot have.
 */
export function isMailDomain(host: string): boolean {
  const p = parse(host.trim().toLowerCase().replace(/\.$/, ''), { allowPrivateDomains: false });
  return !p.isIp && p.isIcann === true && p.domain !== null;
}

// Stands for "no usable sender": syntactically valid, so the outbox and tests still work, and
// start-up warns (see configWarnings) because receivers will turn it down.
const NO_DOMAIN_FROM = 'no-reply@localhost.localdomain';

/**
 * From of the product's own mail (sender verification): `MAIL_FROM` when set, which must then
 * be an address (a wrong one stops the start); otherwise `no-reply@` the public host, but only
 * when that host is a mail domain, as `no-reply@127.0.0.1` is refused by every provider.
 */
export function readMailFrom(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const set = env.MAIL_FROM?.trim();
  if (set) {
    if (set.length > 254 || !isEmailAddress(set)) throw new Error(`MAIL_FROM must be an e-mail address such as no-reply@example.com, not "${set}"`);
    return set.toLowerCase();
  }
  const host = new URL(publicUrl).hostname;
  return isMailDomain(host) ? `no-reply@${host}` : NO_DOMAIN_FROM;
}

/**
 * The DKIM key the product's own mail is signed with (`SYSTEM_DKIM_DOMAIN`,
 * `SYSTEM_DKIM_SELECTOR`, `SYSTEM_DKIM_KEY` = a PEM file), read and checked when the
 * configuration loads. The domain must be the From address's domain or a parent of it, or the
 * signature would not align for DMARC. Null when none of the three is set.
 */
export function readSystemDkim(env: NodeJS.ProcessEnv, mailFrom: string): DkimKey | null {
  const domain = env.SYSTEM_DKIM_DOMAIN?.trim().toLowerCase().replace(/\.$/, '') ?? '';
  const selector = env.SYSTEM_DKIM_SELECTOR?.trim() ?? '';
  const file = env.SYSTEM_DKIM_KEY?.trim() ?? '';
  if (!domain && !selector && !file) return null;
  const missing = [!domain && 'SYSTEM_DKIM_DOMAIN', !selector && 'SYSTEM_DKIM_SELECTOR', !file && 'SYSTEM_DKIM_KEY'].filter(Boolean);
  if (missing.length) throw new Error(`SYSTEM_DKIM_DOMAIN, SYSTEM_DKIM_SELECTOR and SYSTEM_DKIM_KEY must be set together: ${missing.join(', ')} missing`);
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(selector)) {
    throw new Error(`SYSTEM_DKIM_SELECTOR must be a DNS label such as "mail2026", not "${selector}"`);
  }
  const fromDomain = mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
  if (fromDomain !== domain && !fromDomain.endsWith(`.${domain}`)) {
    throw new Error(`SYSTEM_DKIM_DOMAIN (${domain}) must be the domain of MAIL_FROM (${mailFrom}) or a parent of it, so the signature aligns for DMARC`);
  }
  let privateKey: string;
  try {
    privateKey = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`SYSTEM_DKIM_KEY: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType} key`);
  } catch (err) {
    throw new Error(`SYSTEM_DKIM_KEY: "${file}" is not an RSA private key in PEM (${(err as Error).message})`, { cause: err });
  }
  return { domainName: domain, keySelector: selector, privateKey };
}
