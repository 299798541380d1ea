import { createHmac, timingSafeEqual } from 'node:crypto';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, type Shopify, shopifyApi } from '@shopify/shopify-api';
import type { ConnectedPlatform } from '@storecast/contract';

/** The Admin API version the Shopify connector speaks (`@shopify/shopify-api` 13.1). */
export const SHOPIFY_API_VERSION = ApiVersion.July26;

/** What a verified webhook says about itself, from its headers. */
export interface PlatformWebhook {
  platform: ConnectedPlatform;
  /** The platform's topic, as `orders/create`. */
  topic: string;
  /** The store's domain on the platform, as `tea.myshopify.com`. */
  shopDomain: string;
  /** The same on every delivery of one event: a webhook is processed once per id. */
  eventId: string;
}

export type WebhookCheck = { ok: true; webhook: PlatformWebhook } | { ok: false; reason: 'missing_headers' | 'bad_signature' };

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

/** One client per app secret: the library checks Shopify's signatures with it. */
const shopifyClients = new Map<string, Shopify>();
function shopifyFor(secret: string): Shopify {
  let client = shopifyClients.get(secret);
  if (!client) {
    client = shopifyApi({
      apiKey: 'webhook-check', apiSecretKey: secret, apiVersion: SHOPIFY_API_VERSION, hostName: 'localhost',
      isEmbeddedApp: false, logger: { level: LogSeverity.Error, log: () => {} },
    });
    shopifyClients.set(secret, client);
  }
  return client;
}

async function checkShopify(secret: string, headers: Headers, rawBody: Buffer): Promise<WebhookCheck> {
  const rawRequest = { method: 'POST', url: '/', headers };
  const result = await shopifyFor(secret).webhooks.validate({ rawBody: rawBody.toString('utf8'), rawRequest, rawResponse: {} } as never);
  if (!result.valid) return { ok: false, reason: result.reason === 'missing_headers' ? 'missing_headers' : 'bad_signature' };
  // Shopify sends one event to a subscription again with the same event id (and the same webhook
  // id on a retry); the event id is the one that counts once.
  const eventId = header(headers, 'x-shopify-event-id') || result.webhookId;
  return { ok: true, webhook: { platform: 'shopify', topic: header(headers, 'x-shopify-topic'), shopDomain: result.domain, eventId } };
}

const DIGEST_SPELLING = { base64: /^[A-Za-z0-9+/]{43}=$/, hex: /^[0-9a-fA-F]{64}$/ };

/**
 * Shoplazza and Shopline sign the raw body with HMAC-SHA256 under the app secret: Shoplazza in
 * base64; Shopline's SDK compares hex while its documentation shows base64, so both are taken.
 */
function signedBy(secret: string, rawBody: Buffer, given: string, encodings: ('base64' | 'hex')[]): boolean {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return encodings.some((enc) => {
    // Node's decoders skip what they cannot read (a base64 digest with bytes after its padding
    // decodes to the digest), so only the digest's exact spelling is decoded.
    if (!DIGEST_SPELLING[enc].test(given)) return false;
    return timingSafeEqual(Buffer.from(given, enc), expected);
  });
}

const HEADERS = {
  shoplazza: { hmac: 'x-shoplazza-hmac-sha256', topic: 'x-shoplazza-topic', domain: 'x-shoplazza-shop-domain', id: 'x-shoplazza-deduplication-id', encodings: ['base64'] },
  shopline: { hmac: 'x-shopline-hmac-sha256', topic: 'x-shopline-topic', domain: 'x-shopline-shop-domain', id: 'x-shopline-webhook-id', encodings: ['hex', 'base64'] },
} as const;

/**
 * Checks a platform's webhook before anything reads its body: the signature over the raw bytes
 * with the app's secret, and the headers that say which store, topic and event it is.
 */
export async function verifyWebhook(platform: ConnectedPlatform, secret: string, headers: Headers, rawBody: Buffer): Promise<WebhookCheck> {
  if (!secret) return { ok: false, reason: 'bad_signature' };
  const check = platform === 'shopify' ? await checkShopify(secret, headers, rawBody) : checkSignedBody(platform, secret, headers, rawBody);
  // Names longer than any a platform gives cannot be stored as keys; they count as missing.
  if (check.ok && [check.webhook.topic, check.webhook.shopDomain, check.webhook.eventId].some((v) => v.length > MAX_NAME)) {
    return { ok: false, reason: 'missing_headers' };
  }
  return check;
}

const MAX_NAME = 255;

function checkSignedBody(platform: Exclude<ConnectedPlatform, 'shopify'>, secret: string, headers: Headers, rawBody: Buffer): WebhookCheck {
  const names = HEADERS[platform];
  const [hmac, topic, shopDomain, eventId] = [names.hmac, names.topic, names.domain, names.id].map((n) => header(headers, n));
  if (!hmac || !topic || !shopDomain || !eventId) return { ok: false, reason: 'missing_headers' };
  if (!signedBy(secret, rawBody, hmac, [...names.encodings])) return { ok: false, reason: 'bad_signature' };
  return { ok: true, webhook: { platform, topic, shopDomain, eventId } };
}
