import { createHmac } from 'node:crypto';

const hex = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

/**
 * The `sign` Shopline puts on the app's URL and the authorization callback: hex HMAC-SHA256 under
 * the app secret of the other parameters sorted by name, joined `k=v&k=v`.
 */
export function signShoplineQuery(params: Record<string, string>, secret: string): string {
  return hex(secret, Object.keys(params).filter((k) => k !== 'sign').sort().map((k) => `${k}=${params[k]}`).join('&'));
}

/** The `sign` header of a POST to Shopline's OAuth endpoints: over the body, then the timestamp. */
export const signShoplinePost = (body: string, timestamp: string, secret: string): string => hex(secret, `${body}${timestamp}`);

/** `X-Shopline-Hmac-Sha256`: HMAC-SHA256 of the raw body under the app secret, hex as its SDK checks (base64 as its page shows). */
export const signShoplineBody = (rawBody: string, secret: string, encoding: 'hex' | 'base64' = 'hex'): string =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest(encoding);
