import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only their SHA-256 is stored, so the table alone cannot sign anyone in. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
