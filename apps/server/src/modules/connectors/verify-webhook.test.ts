import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION, verifyWebhook } from './verify-webhook.ts';

const SECRET = 'app-secret-for-tests';
const body = Buffer.from(JSON.stringify({ id: 820982911946154500, email: 'jon@example.com', note: '顾客 🙂' }));
const sign = (raw: Buffer, enc: 'base64' | 'hex', secret = SECRET) => createHmac('sha256', secret).update(raw).digest(enc);

/** The headers each platform sends with a delivery (their references; see the module's README). */
const deliveries = {
  shopify: (hmac: string) => ({
    'x-shopify-hmac-sha256': hmac, 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': 'tea.myshopify.com',
    'x-shopify-api-version': SHOPIFY_API_VERSION, 'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5', 'x-shopify-triggered-at': '2026-11-27T10:00:00Z',
  }),
  shoplazza: (hmac: string) => ({
    'x-shoplazza-hmac-sha256': hmac, 'x-shoplazza-topic': 'orders/create', 'x-shoplazza-shop-domain': 'tea.myshoplaza.com',
    'x-shoplazza-api-version': '2025-06', 'x-shoplazza-deduplication-id': 'dedup-1',
  }),
  shopline: (hmac: string) => ({
    'x-shopline-hmac-sha256': hmac, 'x-shopline-topic': 'orders/create', 'x-shopline-shop-domain': 'tea.myshopline.com',
    'x-shopline-api-version': 'v20251201', 'x-shopline-webhook-id': 'webhook-1',
  }),
};
const encodingOf = { shopify: 'base64', shoplazza: 'base64', shopline: 'hex' } as const;

describe.each(['shopify', 'shoplazza', 'shopline'] as const)('a %s webhook', (platform) => {
  const headersFor = deliveries[platform];
  const enc = encodingOf[platform];

  it('is taken when the platform signed its raw body with the app secret, and says which store, topic and event', async () => {
    const check = await verifyWebhook(platform, SECRET, headersFor(sign(body, enc)), body);
    expect(check).toEqual({
      ok: true,
      webhook: {
        platform, topic: 'orders/create', shopDomain: `tea.${{ shopify: 'myshopify', shoplazza: 'myshoplaza', shopline: 'myshopline' }[platform]}.com`,
        eventId: { shopify: '98880550-7158-44d4-b7cd-2c97c8a091b5', shoplazza: 'dedup-1', shopline: 'webhook-1' }[platform],
      },
    });
  });

  it('is refused when the signature is wrong, made with another secret, or the body changed by one byte', async () => {
    const changed = Buffer.from(body);
    changed[5]! ^= 1;
    for (const [hmac, raw] of [
      [sign(body, enc, 'another-secret'), body], [sign(body, enc), changed], ['', body], ['not-a-signature', body],
      [sign(body, enc).slice(0, -4), body], [`${sign(body, enc)}00`, body],
    ] as const) {
      const check = await verifyWebhook(platform, SECRET, headersFor(hmac), raw);
      expect(check.ok, `signature "${hmac}"`).toBe(false);
    }
    expect(await verifyWebhook(platform, '', headersFor(sign(body, enc, '')), body)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('is refused when a header that names the store, topic or event is missing', async () => {
    const full: Record<string, string> = headersFor(sign(body, enc));
    for (const name of Object.keys(full).filter((n) => /topic|domain|webhook-id|deduplication|hmac/.test(n))) {
      const { [name]: _gone, ...rest } = full;
      const check = await verifyWebhook(platform, SECRET, rest, body);
      expect(check.ok, `without ${name}`).toBe(false);
    }
  });
});

it('takes Shopline signatures in base64 too, since its documentation shows them so', async () => {
  expect((await verifyWebhook('shopline', SECRET, deliveries.shopline(sign(body, 'base64')), body)).ok).toBe(true);
});

it('falls back to the webhook id for a Shopify delivery without an event id', async () => {
  const { 'x-shopify-event-id': _e, ...headers } = deliveries.shopify(sign(body, 'base64'));
  const check = await verifyWebhook('shopify', SECRET, headers, body);
  expect(check).toMatchObject({ ok: true, webhook: { eventId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' } });
});
