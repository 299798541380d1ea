import { z } from 'zod';
import { EMAIL_MAX, isEmailAddress } from './account.ts';

/** Seconds before another verification mail may be sent to the sender address. */
export const SENDER_RESEND_SECONDS = 60;
/** How long a verification link stays valid. */
export const SENDER_LINK_HOURS = 24;
export const SENDER_NAME_MAX = 64;

export const senderEmailSchema = z
  .string({ error: 'errors.sender.emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'errors.sender.emailRequired', abort: true })
  .max(EMAIL_MAX, { error: 'errors.sender.emailFormat', abort: true })
  .refine(isEmailAddress, { error: 'errors.sender.emailFormat' });

export const senderNameSchema = z
  .string({ error: 'errors.sender.nameRequired' })
  .trim()
  .min(1, { error: 'errors.sender.nameRequired' })
  .max(SENDER_NAME_MAX, { error: 'errors.sender.nameTooLong' });

export const senderFieldsSchema = z.object({ email: senderEmailSchema, name: senderNameSchema });
export type SenderFields = z.input<typeof senderFieldsSchema>;

// Second-level labels under which country domains register names (example.co.uk, shop.com.cn).
// A heuristic instead of the full public-suffix list, for the admin's instant hint: it keeps the
// contract (and the admin's bundle) free of a large list and is right for the domains stores
// use. The server decides with the whole list (apps/server/.../registrable-domain.ts).
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'ltd', 'plc']);

/** The registrable domain of a host: `mail.shop.example.co.uk` -> `example.co.uk`. */
export function registrableDomain(host: string): string {
  const labels = host.trim().toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const tld = labels[labels.length - 1]!;
  const sld = labels[labels.length - 2]!;
  const take = tld.length === 2 && SECOND_LEVEL.has(sld) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Domain part of an address, lower case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/**
 * SPEC 5: the sender address must belong to the store's homepage domain (same registrable
 * domain, so `news@mail.shop.com` fits `https://www.shop.com`).
 */
export function senderMatchesHomepage(email: string, homepageHost: string): boolean {
  if (!homepageHost) return false;
  return registrableDomain(emailDomain(email)) === registrableDomain(homepageHost);
}
