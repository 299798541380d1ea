import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSettings, type DbHandle } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';

/**
 * Mail names a delivery by its id enciphered, never by the id itself, so no token tells how much
 * the installation sends: one AES-128 block (the id and eight zero bytes) under a key derived from
 * the server secret is a keyed permutation, so consecutive ids come out unrelated, and nothing has
 * to be stored or looked up to read one back. Each use has its own token: the HMAC (SHA-256, same
 * secret) covers a purpose label, so an open-pixel URL seen by an image proxy or in a forwarded
 * mail cannot unsubscribe its reader, and nobody can name another delivery by changing a link.
 */
export type TokenPurpose = 'open' | 'click' | 'unsubscribe';

const ID = '[A-Za-z0-9_-]{22}';
const MAC = '[A-Za-z0-9_-]{22}';
const ID_HEX = '[0-9a-f]{32}';
const MAC_HEX = '[0-9a-f]{20}';
/** A link token's shape, to find one inside other text (a quoted mail, a subject). */
export const DELIVERY_TOKEN_PATTERN = `${ID}\\.${MAC}`;
/** The envelope sender's form (`address` of signDeliveryTokens), in lower case. */
export const DELIVERY_ADDRESS_TOKEN_PATTERN = `${ID_HEX}\\.${MAC_HEX}`;
const TOKEN_EXACT = new RegExp(`^(${ID})\\.(${MAC})$`);
const ADDRESS_TOKEN_EXACT = new RegExp(`^(${ID_HEX})\\.(${MAC_HEX})$`);

/**
 * A delivery's tokens, one per purpose, as one mail carries them (the id enciphered once). Links:
 * `<enciphered id, base64url>.<128-bit HMAC, base64url>`, 45 characters. `address`, for the local
 * part of the envelope sender (VERP: `bounce+<token>@…`), is lower-case hex because a mail server
 * on the way may fold the local part to lower case: 32 + 1 + 20 characters (an 80-bit HMAC: each
 * guess costs an SMTP transaction), 60 with `bounce+`, within the 64 a local part may have.
 */
export function signDeliveryTokens(secret: Buffer, deliveryId: number): Record<TokenPurpose, string> & { address: string } {
  const block = encipherId(secret, deliveryId);
  const id = block.toString('base64url');
  const link = (purpose: TokenPurpose) => `${id}.${mac(secret, purpose, block).subarray(0, 16).toString('base64url')}`;
  return { open: link('open'), click: link('click'), unsubscribe: link('unsubscribe'), address: addressToken(secret, block) };
}

/** The delivery id of a token signed for `purpose`, else null. */
export function readDeliveryToken(secret: Buffer, purpose: TokenPurpose, token: string): number | null {
  const m = TOKEN_EXACT.exec(token);
  if (!m) return null;
  const block = Buffer.from(m[1]!, 'base64url');
  // The last of 22 base64url characters has spare bits: only the canonical spelling counts.
  if (block.length !== 16 || block.toString('base64url') !== m[1]) return null;
  if (!sameMac(mac(secret, purpose, block).subarray(0, 16).toString('base64url'), m[2]!)) return null;
  return decipherId(secret, block);
}

const addressToken = (secret: Buffer, block: Buffer) => `${block.toString('hex')}.${mac(secret, 'bounce', block).subarray(0, 10).toString('hex')}`;

/** The delivery id of a well-signed address token, in any case, else null. */
export function readDeliveryAddressToken(secret: Buffer, token: string): number | null {
  const m = ADDRESS_TOKEN_EXACT.exec(token.toLowerCase());
  if (!m) return null;
  const block = Buffer.from(m[1]!, 'hex');
  if (!sameMac(mac(secret, 'bounce', block).subarray(0, 10).toString('hex'), m[2]!)) return null;
  return decipherId(secret, block);
}

const mac = (secret: Buffer, purpose: TokenPurpose | 'bounce', block: Buffer) =>
  createHmac('sha256', secret).update(`storecast-delivery:${purpose}:`).update(block).digest();

function sameMac(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const keys = new WeakMap<Buffer, Buffer>();

/** The cipher's key: derived, so the secret itself never keys two different primitives. */
function idKey(secret: Buffer): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('storecast-delivery-id-key').digest().subarray(0, 16);
    keys.set(secret, key);
  }
  return key;
}

function encipherId(secret: Buffer, deliveryId: number): Buffer {
  const plain = Buffer.alloc(16);
  plain.writeBigUInt64BE(BigInt(deliveryId));
  const c = createCipheriv('aes-128-ecb', idKey(secret), null).setAutoPadding(false);
  return Buffer.concat([c.update(plain), c.final()]);
}

/** The id inside a block, when its last eight bytes are the zeros put there; else null. */
function decipherId(secret: Buffer, block: Buffer): number | null {
  const d = createDecipheriv('aes-128-ecb', idKey(secret), null).setAutoPadding(false);
  const plain = Buffer.concat([d.update(block), d.final()]);
  if (!plain.subarray(8).equals(Buffer.alloc(8))) return null;
  const id = plain.readBigUInt64BE();
  return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
}

const secrets = new WeakMap<DbHandle, Promise<Buffer>>();
const configured = new WeakMap<Config, Promise<Buffer>>();

/**
 * The secret: `APP_SECRET` when set; otherwise one generated on first use and kept in
 * `app_settings`, so every process on the database (API and workers) signs alike, across restarts.
 */
export function appSecret(config: Config, dbh: DbHandle): Promise<Buffer> {
  if (config.appSecret) {
    // One Buffer per configuration, so the key derived from it is derived once (idKey).
    let b = configured.get(config);
    if (!b) configured.set(config, (b = Promise.resolve(Buffer.from(config.appSecret))));
    return b;
  }
  let p = secrets.get(dbh);
  if (!p) {
    p = (async () => {
      await dbh.db.insert(appSettings).values({ key: 'app_secret', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await dbh.db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'));
      return Buffer.from(row!.value);
    })();
    p.catch(() => secrets.delete(dbh));
    secrets.set(dbh, p);
  }
  return p;
}
