import { createHmac } from 'node:crypto';
import { platformConnections, platformWebhooks } from '@storecast/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { SHOPIFY_API_VERSION } from './verify-webhook.ts';

const SECRETS = { shopify: 'shopify-app-secret', shoplazza: 'shoplazza-app-secret', shopline: 'shopline-app-secret' } as const;
type P = keyof typeof SECRETS;

let t: TestApp;
let shopId = '';
beforeAll(async () => {
  t = await startTestApp({
    platformApps: Object.fromEntries(Object.entries(SECRETS).map(([p, apiSecret]) => [p, { apiKey: `${p}-key`, apiSecret }])),
  });
  shopId = (await signUp(t)).shopId;
  await t.deps.dbh.db.insert(platformConnections).values([
    { shopId, platform: 'shopify', shopDomain: 'tea.myshopify.com' },
    { shopId, platform: 'shoplazza', shopDomain: 'tea.myshoplaza.com' },
    { shopId, platform: 'shopline', shopDomain: 'tea.myshopline.com' },
  ]);
});
afterAll(() => t.close());

/** A delivery as each platform sends it: the headers its reference names, the body signed with the app secret. */
function delivery(platform: P, body: string, opts: { eventId?: string; domain?: string; secret?: string } = {}) {
  const domain = opts.domain ?? `tea.${{ shopify: 'myshopify', shoplazza: 'myshoplaza', shopline: 'myshopline' }[platform]}.com`;
  const eventId = opts.eventId ?? 'event-1';
  const mac = createHmac('sha256', opts.secret ?? SECRETS[platform]).update(body).digest();
  const headers: Record<string, string> = {
    shopify: {
      'x-shopify-hmac-sha256': mac.toString('base64'), 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': domain,
      'x-shopify-api-version': SHOPIFY_API_VERSION, 'x-shopify-webhook-id': `webhook-${eventId}`, 'x-shopify-event-id': eventId,
    },
    shoplazza: { 'x-shoplazza-hmac-sha256': mac.toString('base64'), 'x-shoplazza-topic': 'orders/create', 'x-shoplazza-shop-domain': domain, 'x-shoplazza-deduplication-id': eventId },
    shopline: { 'x-shopline-hmac-sha256': mac.toString('hex'), 'x-shopline-topic': 'orders/create', 'x-shopline-shop-domain': domain, 'x-shopline-webhook-id': eventId },
  }[platform];
  return { headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en-US' }, payload: body };
}

const post = (platform: string, d: { headers: Record<string, string>; payload: string | Buffer }) =>
  t.app.inject({ method: 'POST', url: `/api/platforms/${platform}/webhooks`, headers: d.headers, payload: d.payload });

const recorded = () => t.deps.dbh.db.select().from(platformWebhooks).orderBy(asc(platformWebhooks.receivedAt));

describe.each(['shopify', 'shoplazza', 'shopline'] as const)('a %s webhook', (platform) => {
  const body = JSON.stringify({ id: 450789469, email: 'bob@example.com', note: 'ring twice \u0000 顾客' });

  it('is recorded once for its store however often it is delivered, and answered 200 each time', async () => {
    const before = (await recorded()).length;
    for (let i = 0; i < 3; i++) {
      const res = await post(platform, delivery(platform, body, { eventId: `once-${platform}` }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 100 });
    }
    const rows = (await recorded()).filter((r) => r.eventId === `once-${platform}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ platform, shopId, topic: 'orders/create', processedAt: null });
    expect(JSON.parse(rows[0]!.payload)).toEqual(JSON.parse(body));
    expect((await recorded()).length).toBe(before + 1);
  });

  it('is refused with 401 and changes nothing when unsigned, signed with another secret or changed on the way', async () => {
    const before = await recorded();
    const good = delivery(platform, body, { eventId: `bad-${platform}` });
    const forged = delivery(platform, body, { eventId: `bad-${platform}`, secret: 'not-the-secret' });
    const unsigned = { ...good, headers: Object.fromEntries(Object.entries(good.headers).filter(([k]) => !k.includes('hmac'))) };
    for (const d of [forged, unsigned, { ...good, payload: body.replace('bob', 'eve') }]) {
      const res = await post(platform, d);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 103, msg: 'Some fields are not valid.' });
    }
    expect(await recorded()).toEqual(before);
  });

  it('from a platform store connected to no store here is answered 200 and kept nowhere', async () => {
    const before = await recorded();
    const res = await post(platform, delivery(platform, body, { eventId: `stray-${platform}`, domain: 'someone-else.example.com' }));
    expect(res.statusCode).toBe(200);
    expect(await recorded()).toEqual(before);
  });
});

it('refuses signed bodies that are not a JSON object, too large ones, and unknown platforms, in the caller\'s language', async () => {
  const before = await recorded();
  for (const payload of ['[1,2]', '{"id":', '"text"']) {
    const res = await post('shopify', delivery('shopify', payload, { eventId: `odd-${payload}` }));
    expect(res.statusCode, payload).toBe(400);
  }
  // An empty body is no delivery: the library refuses it before its signature is compared.
  expect((await post('shopify', delivery('shopify', ''))).statusCode).toBe(401);
  const huge = await post('shopify', delivery('shopify', JSON.stringify({ note: 'x'.repeat(1_100_000) })));
  expect(huge.statusCode).toBe(413);
  const unknown = await post('magento', { ...delivery('shopify', '{}'), headers: { ...delivery('shopify', '{}').headers, 'accept-language': 'zh-CN' } });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ code: 104 });
  expect(await recorded()).toEqual(before);
});

it('refuses every platform\'s webhooks while the server has no app on it', async () => {
  const bare = await startTestApp();
  try {
    const res = await bare.app.inject({ method: 'POST', url: '/api/platforms/shopify/webhooks', ...delivery('shopify', '{}'), headers: { ...delivery('shopify', '{}').headers, 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 101, msg: '本服务器尚未配置该店铺平台的应用，无法在此连接该平台的店铺。' });
  } finally {
    await bare.close();
  }
});

it('keeps webhooks of a store whose link is gone out: its rows go with the store', async () => {
  const other = await signUp(t);
  await t.deps.dbh.db.insert(platformConnections).values({ shopId: other.shopId, platform: 'shopify', shopDomain: 'coffee.myshopify.com' });
  expect((await post('shopify', delivery('shopify', '{"id":1}', { eventId: 'coffee-1', domain: 'coffee.myshopify.com' }))).statusCode).toBe(200);
  const rows = await t.deps.dbh.db.select().from(platformWebhooks).where(eq(platformWebhooks.eventId, 'coffee-1'));
  expect(rows.map((r) => r.shopId)).toEqual([other.shopId]);
});
