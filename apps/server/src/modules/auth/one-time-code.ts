import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh 6-digit code. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Hash of a code as stored. `scope` names what the code is for and for whom (purpose and
 * address), so a code never matches a row of another purpose or another address.
 */
export const hashCode = (scope: string, code: string) => createHash('sha256').update(`${scope}:${code}`).digest('hex');

export const codeMatches = (storedHex: string, scope: string, code: string) =>
  timingSafeEqual(Buffer.from(storedHex, 'hex'), Buffer.from(hashCode(scope, code), 'hex'));
