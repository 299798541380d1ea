import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Field rules of SPEC section 5. Messages are keys of the `errors` catalogue, so the form and
 * the server show the same sentence in the user's language.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** E.164-like: an optional +, then 7-15 digits, not starting with 0. */
export const MOBILE_RE = /^\+?[1-9]\d{6,14}$/;

export const emailSchema = z
  .string({ error: 'errors.account.format' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'errors.account.format' })
  .regex(EMAIL_RE, { error: 'errors.account.format' });

export const mobileSchema = z
  .string({ error: 'errors.mobile.format' })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(MOBILE_RE, { error: 'errors.mobile.format' }));

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
  .refine(isValidPassword, { error: 'errors.password.rule' });

export const verifyCodeSchema = z
  .string({ error: 'errors.code.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'errors.code.format' });
