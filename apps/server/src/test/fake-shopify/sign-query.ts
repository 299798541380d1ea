import { createHmac } from 'node:crypto';

/**
 * The `hmac` Shopify puts on the URLs it sends a merchant to (the app's URL, the OAuth
 * callback): hex HMAC-SHA256, keyed by the app's secret, of the other parameters sorted by name
 * and URL-encoded as `k=v&k=v` (`hmac` and `signature` left out), what the library's
 * `validateHmac` recomputes.
 */
export function signQuery(params: Record<string, string>, apiSecret: string): string {
  const rest = Object.entries(params).filter(([k]) => k !== 'hmac' && k !== 'signature');
  rest.sort(([a], [b]) => a.localeCompare(b));
  return createHmac('sha256', apiSecret).update(new URLSearchParams(rest).toString()).digest('hex');
}

/** The `host` parameter: base64 of the shop's admin address, `admin.shopify.com/store/<name>`. */
export function hostParam(shop: string): string {
  const name = shop.replace(/\.myshopify\.com$/, '');
  return Buffer.from(`admin.shopify.com/store/${name}`).toString('base64').replace(/=+$/, '');
}

/** Now, in the seconds Shopify's `timestamp` parameter carries (the library allows 90 s of skew). */
export const nowSeconds = (): string => String(Math.floor(Date.now() / 1000));

/**
 * The query Shopify adds when a merchant opens the app (an install or a visit):
 * `hmac, host, shop, timestamp`, signed with the app's secret.
 */
export function signedInstallQuery(shop: string, apiSecret: string, timestamp = nowSeconds()): URLSearchParams {
  const params: Record<string, string> = { host: hostParam(shop), shop, timestamp };
  return new URLSearchParams({ hmac: signQuery(params, apiSecret), ...params });
}
