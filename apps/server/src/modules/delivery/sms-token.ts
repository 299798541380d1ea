import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * Tokens an SMS carries, where every character costs: one AES-128 block (22 base64url
 * characters) under a key of its own derived from the server secret, holding the delivery id
 * (8 bytes), a link index (2 bytes), a purpose byte and five zero bytes. The cipher is a keyed
 * permutation, so a forged or altered token deciphers to noise and fails the purpose and zero
 * check (48 bits); nothing is stored per link. `link` tokens name link `index` of the text;
 * `status` tokens ride on the provider's status callback URL, naming the delivery before its
 * provider message id is recorded.
 */
export type SmsTokenPurpose = 'link' | 'status';

const PURPOSE_BYTE: Record<SmsTokenPurpose, number> = { link: 1, status: 2 };
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

const keys = new WeakMap<Buffer, Buffer>();

function smsKey(secret: Buffer): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('storecast-sms-token-key').digest().subarray(0, 16);
    keys.set(secret, key);
  }
  return key;
}

export function signSmsToken(secret: Buffer, purpose: SmsTokenPurpose, deliveryId: number, index = 0): string {
  const plain = Buffer.alloc(16);
  plain.writeBigUInt64BE(BigInt(deliveryId));
  plain.writeUInt16BE(index, 8);
  plain[10] = PURPOSE_BYTE[purpose];
  const c = createCipheriv('aes-128-ecb', smsKey(secret), null).setAutoPadding(false);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64url');
}

/** The delivery and link index of a token signed for `purpose`, else null. */
export function readSmsToken(secret: Buffer, purpose: SmsTokenPurpose, token: string): { deliveryId: number; index: number } | null {
  if (!TOKEN.test(token)) return null;
  const block = Buffer.from(token, 'base64url');
  // The last of 22 base64url characters has spare bits: only the canonical spelling counts.
  if (block.length !== 16 || block.toString('base64url') !== token) return null;
  const d = createDecipheriv('aes-128-ecb', smsKey(secret), null).setAutoPadding(false);
  const plain = Buffer.concat([d.update(block), d.final()]);
  if (plain[10] !== PURPOSE_BYTE[purpose] || !plain.subarray(11).equals(Buffer.alloc(5))) return null;
  const id = plain.readBigUInt64BE();
  if (id <= 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { deliveryId: Number(id), index: plain.readUInt16BE(8) };
}
