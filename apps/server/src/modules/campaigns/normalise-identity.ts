/**
 * One shopper, one key: the forms of an address that reach the same mailbox are made one, so a
 * draw limited per e-mail cannot be played again by writing the address differently.
 *
 * The rule, written down:
 * - the whole address is lower-cased (providers deliver local parts without regard to case);
 * - a `+tag` is cut from the local part for every domain: Gmail, Outlook, iCloud, Yahoo (which
 *   also has `-` aliases, not cut, as a hyphen is common in real names), Fastmail and Proton
 *   deliver `name+tag` to `name`, and a real address with `+` in it is rare enough to share a key;
 * - dots are removed from the local part only where the provider ignores them: gmail.com and
 *   googlemail.com (one mailbox, so googlemail becomes gmail). Outlook, Yahoo and iCloud treat
 *   `a.b` and `ab` as different people, so their dots stay. Proton (proton.me, pm.me,
 *   protonmail.com, protonmail.ch) ignores dots, hyphens and underscores, so all three go.
 * Google Workspace on a store's own domain ignores dots too, but nothing in an address tells it
 * apart, so those dots stay: a shopper there could draw twice, an accepted gap.
 */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const PROTON = new Set(['proton.me', 'pm.me', 'protonmail.com', 'protonmail.ch']);

export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  } else if (PROTON.has(domain)) {
    local = local.replace(/[._-]/g, '');
  }
  return local === '' ? null : `${local}@${domain}`;
}

/** A phone as digits only, with its country code as the shopper typed it (`+`, `00` or none). */
export function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/^\s*(\+|00)/, '').replace(/[\s().-]/g, '');
  return /^\d{6,15}$/.test(digits) ? digits : null;
}
