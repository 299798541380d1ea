import { createHmac } from 'node:crypto';

/**
 * The `hmac` Shoplazza puts on the app's URL and the OAuth callback: lower-case hex HMAC-SHA256,
 * keyed by the app's client secret, of the other parameters sorted by name and joined as
 * `k=v&k=v` without URL-encoding (its "HMAC Signature Verification" page).
 */
export function signShoplazzaQuery(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params).filter((k) => k !== 'hmac').sort().map((k) => `${k}=${params[k]}`).join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** `X-Shoplazza-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body under the client secret. */
export const signShoplazzaBody = (rawBody: string, secret: string): string => createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
