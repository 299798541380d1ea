import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A store platform's access tokens open its admin API, so they are kept sealed: AES-256-GCM under
 * a key derived (HKDF-SHA256) from the server's `APP_SECRET`. A copy of the database alone hands
 * over no store. The context (the store and platform a token belongs to) is authenticated with
 * it, so a sealed token copied onto another store's row does not open there.
 */
const FORMAT = 'v1';

export class SealedSecretError extends Error {
  constructor() {
    super('The sealed secret cannot be opened: it was changed, or sealed under another key or for another owner.');
  }
}

function keyOf(appSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'storecast', 'platform access tokens', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url; a fresh IV every time. */
export function sealSecret(appSecret: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of `sealSecret`'s answer; throws SealedSecretError when it does not open. */
export function openSecret(appSecret: Buffer, sealed: string, context: string): string {
  const [format, iv, tag, body, ...rest] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined || rest.length) throw new SealedSecretError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError();
  }
}
