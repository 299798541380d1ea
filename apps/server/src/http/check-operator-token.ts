import { createHash, timingSafeEqual } from 'node:crypto';

/** Shorter operator tokens are ignored (with a start-up warning): they could be guessed. */
export const OPERATOR_TOKEN_MIN = 32;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Compares a presented token with the operator's in constant time. Both sides are hashed first,
 * so neither the comparison's time nor a length check tells a guesser how close they came.
 */
export function operatorTokenCheck(secret: string): (token: string | undefined) => boolean {
  const expected = digest(secret);
  return (token) => token !== undefined && timingSafeEqual(digest(token), expected);
}
