import { createHmac, randomUUID } from 'node:crypto';

export interface SendWebhookOptions {
  /** Where to POST; by default the address of the shop's subscription to this topic. */
  to?: string;
  /** The same id on every delivery of one event (Shopify's duplicate deliveries carry it). */
  eventId?: string;
  /** One per delivery attempt chain; a retry of the same delivery keeps it. */
  webhookId?: string;
  /** Signs with another secret, as a forger would. */
  badSignature?: boolean;
  triggeredAt?: Date;
}

/** One webhook POST and how the app answered it. */
export interface FakeShopifyDelivery {
  /** The topic as the header carries it, `orders/create`. */
  topic: string;
  url: string;
  eventId: string;
  webhookId: string;
  rawBody: string;
  headers: Record<string, string>;
  /** The app's HTTP status; null when the connection failed. */
  status: number | null;
  responseBody: string;
}

/** `ORDERS_CREATE` (GraphQL) and `orders/create` (REST, headers) name the same topic. */
export const restTopic = (topic: string): string => (topic.includes('/') ? topic : topic.toLowerCase().replace(/_([a-z]+)$/, '/$1'));
export const graphqlTopic = (topic: string): string => (topic.includes('/') ? topic.toUpperCase().replace('/', '_') : topic);

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body, keyed by the app's secret. */
export const signWebhookBody = (rawBody: string, apiSecret: string): string => createHmac('sha256', apiSecret).update(rawBody, 'utf8').digest('base64');

/** POSTs one delivery as Shopify does (JSON body, signed, with its headers) and records the answer. */
export async function postWebhook(d: {
  topic: string;
  url: string;
  rawBody: string;
  shop: string;
  apiVersion: string;
  apiSecret: string;
  opts: SendWebhookOptions;
}): Promise<FakeShopifyDelivery> {
  const eventId = d.opts.eventId ?? randomUUID();
  const webhookId = d.opts.webhookId ?? randomUUID();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Shopify-Captain-Hook',
    'x-shopify-topic': restTopic(d.topic),
    'x-shopify-hmac-sha256': signWebhookBody(d.rawBody, d.opts.badSignature ? `${d.apiSecret}-forged` : d.apiSecret),
    'x-shopify-shop-domain': d.shop,
    'x-shopify-api-version': d.apiVersion,
    'x-shopify-webhook-id': webhookId,
    'x-shopify-event-id': eventId,
    'x-shopify-triggered-at': (d.opts.triggeredAt ?? new Date()).toISOString(),
  };
  const delivery: FakeShopifyDelivery = { topic: headers['x-shopify-topic'] as string, url: d.url, eventId, webhookId, rawBody: d.rawBody, headers, status: null, responseBody: '' };
  try {
    // Shopify waits 5 s for an answer before it counts the delivery as failed.
    const res = await fetch(d.url, { method: 'POST', headers, body: d.rawBody, signal: AbortSignal.timeout(5000) });
    delivery.status = res.status;
    delivery.responseBody = (await res.text()).slice(0, 2048);
  } catch (e) {
    delivery.responseBody = e instanceof Error ? e.message : String(e);
  }
  return delivery;
}
