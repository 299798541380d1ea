import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's webhook signature: Base64 HMAC-SHA1, keyed with the auth token, over the full URL the
 * provider called followed by every POST parameter sorted by name, each as name then value.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params).sort().reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(twilioSignature(authToken, url, params));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
