import { z } from 'zod';
import { LIMITS } from '../limits.ts';

// Field rules of SPEC section 5. Messages are keys of the `errors` catalogue, so the form and
// the server show the same sentence in the user's language. Every string is length-guarded
// (`abort: true`) before a pattern or a refinement looks at it.

/**
 * Characters no address holds, though they pass unseen: controls (C0, DEL, C1), format characters
 * (zero-width spaces and joiners, bidi marks and overrides, the BOM), surrogates, private use,
 * and U+FFFD, which is what broken UTF-8 bytes arrive as. Two addresses that differ only in them
 * look the same to a person and are different rows to the database.
 */
const INVISIBLE_RE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\uFFFD]/u;

/**
 * An e-mail address: a local part and a domain without spaces, invisible characters or a second
 * @, the domain with a dot that has a label before it and at least two characters after it.
 * Checked by scanning the string once: the regular expression that said the same backtracked
 * quadratically on a long run of dots, and every field that uses this rule is length-guarded
 * before it runs as well.
 */
export function isEmailAddress(s: string): boolean {
  const at = s.indexOf('@');
  if (at < 1 || at === s.length - 1 || /[\s]/.test(s) || INVISIBLE_RE.test(s)) return false;
  if (s.indexOf('@', at + 1) !== -1) return false;
  const domain = s.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot <= domain.length - 3;
}

/** E.164-like: an optional +, then 7-15 digits, not starting with 0. */
export const MOBILE_RE = /^\+?[1-9]\d{6,14}$/;
export const EMAIL_MAX = 254;

export const emailSchema = z
  .string({ error: 'errors.account.format' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: 'errors.account.format', abort: true })
  .refine(isEmailAddress, { error: 'errors.account.format' });

export const mobileSchema = z
  .string({ error: 'errors.mobile.format' })
  .max(40, { error: 'errors.mobile.format', abort: true })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(MOBILE_RE, { error: 'errors.mobile.format' }));

/** A password typed to sign in or to confirm a change: any length a password could ever have had. */
export const currentPasswordSchema = z
  .string({ error: 'errors.password.required' })
  .min(1, { error: 'errors.password.required' })
  .max(200, { error: 'errors.password.required' });

export function isValidPassword(p: string): boolean {
  return (
    p.length >= LIMITS.passwordMin &&
    p.length <= LIMITS.passwordMax &&
    /[A-Za-z]/.test(p) &&
    /\d/.test(p)
  );
}

export const passwordSchema = z
  .string({ error: 'errors.password.rule' })
  .max(LIMITS.passwordMax, { error: 'errors.password.rule', abort: true })
  .refine(isValidPassword, { error: 'errors.password.rule' });

export const verifyCodeSchema = z
  .string({ error: 'errors.code.format' })
  .max(20, { error: 'errors.code.format', abort: true })
  .trim()
  .regex(/^\d{6}$/, { error: 'errors.code.format' });
