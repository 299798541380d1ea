import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSettings, type DbHandle } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';

const ID = '[0-9a-z]{1,13}';
const MAC = '[A-Za-z0-9_-]{22}';
const MAC_HEX = '[0-9a-f]{32}';
/** A delivery token's shape, to find one inside other text (a quoted mail, a subject). */
export const DELIVERY_TOKEN_PATTERN = `${ID}\\.${MAC}`;
/** The address form's shape (signDeliveryAddressToken), in lower case. */
export const DELIVERY_ADDRESS_TOKEN_PATTERN = `${ID}\\.${MAC_HEX}`;
const TOKEN_EXACT = new RegExp(`^(${ID})\\.(${MAC})$`);
const ADDRESS_TOKEN_EXACT = new RegExp(`^(${ID})\\.(${MAC_HEX})$`);

/**
 * Tracking and unsubscribe links name one delivery: `<delivery id base 36>.<HMAC>`. The HMAC
 * (SHA-256, 128 bits kept) uses a server secret, so nobody can unsubscribe or click for another
 * recipient by changing a number in a link.
 */
export function signDeliveryToken(secret: Buffer, deliveryId: number): string {
  const id = deliveryId.toString(36);
  return `${id}.${mac(secret, id)}`;
}

/** The delivery id of a well-signed token, else null. */
export function readDeliveryToken(secret: Buffer, token: string): number | null {
  const m = TOKEN_EXACT.exec(token);
  if (!m) return null;
  const expected = Buffer.from(mac(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const id = parseInt(m[1]!, 36);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The same token for the local part of an address (VERP: `bounce+<token>@…`): lower-case hex,
 * because a mail server on the way may fold the local part to lower case; 53 characters with
 * `bounce+`, within the 64 an address's local part may have.
 */
export function signDeliveryAddressToken(secret: Buffer, deliveryId: number): string {
  const id = deliveryId.toString(36);
  return `${id}.${macBytes(secret, id).toString('hex')}`;
}

/** The delivery id of a well-signed address token, in any case, else null. */
export function readDeliveryAddressToken(secret: Buffer, token: string): number | null {
  const m = ADDRESS_TOKEN_EXACT.exec(token.toLowerCase());
  if (!m) return null;
  const expected = Buffer.from(macBytes(secret, m[1]!).toString('hex'));
  const given = Buffer.from(m[2]!);
  if (!timingSafeEqual(expected, given)) return null;
  const id = parseInt(m[1]!, 36);
  return Number.isSafeInteger(id) ? id : null;
}

const macBytes = (secret: Buffer, id: string) => createHmac('sha256', secret).update(`delivery:${id}`).digest().subarray(0, 16);
const mac = (secret: Buffer, id: string) => createHmac('sha256', secret).update(`delivery:${id}`).digest().subarray(0, 16).toString('base64url');

const secrets = new WeakMap<DbHandle, Promise<Buffer>>();

/**
 * The secret: `APP_SECRET` when set; otherwise one generated on first use and kept in
 * `app_settings`, so every process on the database (API and workers) signs alike, across restarts.
 */
export function appSecret(config: Config, dbh: DbHandle): Promise<Buffer> {
  if (config.appSecret) return Promise.resolve(Buffer.from(config.appSecret));
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
