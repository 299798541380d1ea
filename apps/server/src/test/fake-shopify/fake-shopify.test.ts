import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, GraphqlQueryError, HttpThrottlingError, LogSeverity, Session, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { onFake, parseGid, routeShopifyToFake, startFakeShopify, type FakeShopify } from './start-fake-shopify.ts';

/**
 * The fake driven by the official library, unmodified: only its fetch is pointed at the fake
 * (`routeShopifyToFake`), so what passes here is what the library accepts from Shopify.
 */

// The library turns away bots (`isbot` on the User-Agent) before it starts OAuth.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fake: FakeShopify;
let shopify: Shopify;
let app: http.Server;
let appUrl: string;
let unroute: () => void;
/** What the app's webhook route made of each delivery (the library's verdict). */
const verdicts: Record<string, unknown>[] = [];

/** A small app on node:http: OAuth begin and callback, and a webhook endpoint, all through the library. */
async function answerApp(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', appUrl);
  try {
    if (url.pathname === '/auth/begin') {
      await shopify.auth.begin({ shop: fake.shop, callbackPath: '/auth/callback', isOnline: false, rawRequest: req, rawResponse: res });
    } else if (url.pathname === '/auth/callback') {
      const { session } = await shopify.auth.callback({ rawRequest: req, rawResponse: res });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session.toObject()));
    } else if (url.pathname === '/webhooks') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const verdict = await shopify.webhooks.validate({ rawBody: Buffer.concat(chunks).toString('utf8'), rawRequest: req, rawResponse: res });
      verdicts.push(verdict as unknown as Record<string, unknown>);
      res.writeHead(verdict.valid ? 200 : 401).end();
    } else {
      res.writeHead(404).end();
    }
  } catch (e) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (e as Error).constructor.name, message: (e as Error).message }));
  }
}

function client() {
  const session = new Session({ id: `offline_${fake.shop}`, shop: fake.shop, state: 'state', isOnline: false, accessToken: fake.createAccessToken() });
  return new shopify.clients.Graphql({ session });
}

beforeAll(async () => {
  fake = await startFakeShopify({ apiKey: 'storecast-key', apiSecret: 'storecast-secret' });
  fake.seed({ customers: 260, orders: 600, products: 40 });
  unroute = routeShopifyToFake(fake);
  app = http.createServer((req, res) => void answerApp(req, res));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  shopify = shopifyApi({
    apiKey: fake.apiKey,
    apiSecretKey: fake.apiSecret,
    scopes: ['read_customers', 'read_orders'],
    hostName: new URL(appUrl).host,
    hostScheme: 'http',
    apiVersion: ApiVersion.July26,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: () => {} },
  });
});

// Every test starts with a full bucket of Shopify's standard plan, whatever the one before spent.
beforeEach(() => fake.throttle.configure({ maximumAvailable: 1000, restoreRate: 100 }));

afterAll(async () => {
  unroute();
  await new Promise<void>((resolve) => app.close(() => resolve()));
  await fake.close();
});

describe('OAuth', () => {
  /** begin → the fake's authorize page → the app's callback, as a browser follows the redirects. */
  async function install(tamper?: (callback: URL) => void) {
    const begin = await fetch(`${appUrl}/auth/begin`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect(begin.status).toBe(302);
    const authorize = new URL(begin.headers.get('location') ?? '');
    const cookie = begin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const approve = await fetch(onFake(authorize.href), { redirect: 'manual' });
    expect(approve.status).toBe(302);
    const callback = new URL(approve.headers.get('location') ?? '');
    tamper?.(callback);
    const res = await fetch(callback, { headers: { cookie, 'user-agent': BROWSER } });
    return { authorize, callback, status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('installs: the library trades the signed callback for an offline session with the token the fake issued', async () => {
    const { authorize, callback, status, body } = await install();
    expect(authorize.host).toBe(fake.shop);
    expect(authorize.pathname).toBe('/admin/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('storecast-key');
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: `offline_${fake.shop}`, shop: fake.shop, isOnline: false, scope: 'read_customers,read_orders' });
    expect(fake.store.accessTokens.get(String(body.accessToken))).toEqual({ scope: 'read_customers,read_orders', online: false });

    const session = new Session(body as unknown as ConstructorParameters<typeof Session>[0]);
    const shop = await new shopify.clients.Graphql({ session }).request<{ shop: { name: string; myshopifyDomain: string } }>('{ shop { name myshopifyDomain } }');
    expect(shop.data?.shop).toEqual({ name: 'Test Shop', myshopifyDomain: fake.shop });
  });

  it('a callback whose hmac or parameters were changed is refused by the library, and no token is asked for', async () => {
    const tokenCalls = () => fake.requests.filter((r) => r.path === '/admin/oauth/access_token').length;
    const before = tokenCalls();
    const flipped = await install((cb) => {
      const hmac = cb.searchParams.get('hmac') ?? '';
      cb.searchParams.set('hmac', `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`);
    });
    expect(flipped.status).toBe(400);
    expect(flipped.body.error).toBe('InvalidOAuthError');
    const otherCode = await install((cb) => cb.searchParams.set('code', 'f'.repeat(32)));
    expect(otherCode.status).toBe(400);
    expect(otherCode.body.error).toBe('InvalidOAuthError');
    expect(tokenCalls()).toBe(before);
  });

  it('the token endpoint takes a code once and only with the app secret; authorize checks the client id', async () => {
    const authorize = (clientId: string) =>
      fetch(`${fake.url}/admin/oauth/authorize?${new URLSearchParams({ client_id: clientId, scope: 'read_orders', redirect_uri: `${appUrl}/cb`, state: 'n1' })}`, {
        redirect: 'manual',
      });
    expect((await authorize('someone-else')).status).toBe(400);
    const code = new URL((await authorize('storecast-key')).headers.get('location') ?? '').searchParams.get('code');
    const trade = (secret: string) =>
      fetch(`${fake.url}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'storecast-key', client_secret: secret, code }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    expect(await trade('wrong')).toEqual({ status: 400, body: { error: 'invalid_client', error_description: expect.any(String) } });
    const ok = await trade('storecast-secret');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: 'read_orders' });
    expect(await trade('storecast-secret')).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' },
    });
  });

  it('the install query is signed as Shopify signs it', async () => {
    const query = Object.fromEntries(fake.installQuery());
    expect(Object.keys(query).sort()).toEqual(['hmac', 'host', 'shop', 'timestamp']);
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    expect(await shopify.utils.validateHmac({ ...query, shop: 'other.myshopify.com' })).toBe(false);
  });
});

describe('Admin GraphQL', () => {
  type CustomersPage = { customers: { nodes: { id: string; email: string | null }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

  it('pages through every customer once with cursors', async () => {
    const gql = client();
    const seen = new Map<string, number>();
    let after: string | null = null;
    let pages = 0;
    do {
      const r: { data?: CustomersPage; extensions?: Record<string, unknown> } = await gql.request<CustomersPage>(
        'query Customers($after: String) { customers(first: 100, after: $after) { nodes { id email } pageInfo { hasNextPage endCursor } } }',
        { variables: { after } },
      );
      pages++;
      const page = r.data?.customers;
      for (const n of page?.nodes ?? []) seen.set(n.id, (seen.get(n.id) ?? 0) + 1);
      after = page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      expect(r.extensions?.cost).toMatchObject({ requestedQueryCost: 103, throttleStatus: { maximumAvailable: 1000, restoreRate: 100 } });
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen.size).toBe(260);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(seen.has('gid://shopify/Customer/1') && seen.has('gid://shopify/Customer/260')).toBe(true);
  });

  it('filters with the search syntax and answers orders with their line items, refunds and customer', async () => {
    const gql = client();
    const since = '2025-06-01T00:00:00Z';
    const updated = await gql.request<{ customers: { edges: { cursor: string; node: { id: string; updatedAt: string } }[] } }>(
      `{ customers(first: 250, query: "updated_at:>'${since}'") { edges { cursor node { id updatedAt } } } }`,
    );
    const edges = updated.data?.customers.edges ?? [];
    const expected = [...fake.store.customers].filter((c) => Date.parse(c.updatedAt) > Date.parse(since)).length;
    expect(edges.length).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(edges.every((e) => Date.parse(e.node.updatedAt) > Date.parse(since))).toBe(true);

    type Money = { shopMoney: { amount: string; currencyCode: string } };
    type OrdersPage = {
      orders: {
        nodes: {
          id: string;
          customer: { id: string } | null;
          totalPriceSet: Money;
          lineItems: { nodes: { quantity: number; variant: { id: string } | null; product: { id: string } | null; originalUnitPriceSet: Money }[] };
          refunds: { id: string; totalRefundedSet: Money }[];
        }[];
      };
    };
    // 20 orders cost 482 points here (Shopify refuses more than 1000 in one query).
    const orders = await gql.request<OrdersPage>(`{ orders(first: 20) { nodes {
      id name email createdAt updatedAt processedAt currencyCode discountCodes
      totalPriceSet { shopMoney { amount currencyCode } }
      customer { id }
      lineItems(first: 3) { nodes { id quantity title variant { id } product { id } originalUnitPriceSet { shopMoney { amount currencyCode } } } }
      refunds { id createdAt totalRefundedSet { shopMoney { amount currencyCode } } }
    } } }`);
    const nodes = orders.data?.orders.nodes ?? [];
    expect(nodes).toHaveLength(20);
    for (const o of nodes) {
      const lines = o.lineItems.nodes.reduce((sum, l) => sum + Math.round(Number(l.originalUnitPriceSet.shopMoney.amount) * 100) * l.quantity, 0);
      expect(Math.round(Number(o.totalPriceSet.shopMoney.amount) * 100)).toBe(lines);
      expect(o.totalPriceSet.shopMoney.currencyCode).toBe('USD');
      const stored = fake.store.orders.get(parseGid(o.id)?.id ?? 0);
      expect(o.customer?.id ?? null).toBe(stored?.customerId ? `gid://shopify/Customer/${stored.customerId}` : null);
      for (const l of o.lineItems.nodes) expect(parseGid(l.variant?.id)?.id ?? 0).toBeGreaterThan((parseGid(l.product?.id)?.id ?? 0) * 100);
    }
    const refunded = [...fake.store.orders].find((o) => o.refunds.length > 0);
    const guest = [...fake.store.orders].find((o) => o.customerId === null);
    const one = await gql.request<{ refunded: OrdersPage['orders']['nodes'][number]; guest: { customer: null } }>(
      'query($a: ID!, $b: ID!) { refunded: order(id: $a) { refunds { id totalRefundedSet { shopMoney { amount } } } } guest: order(id: $b) { customer { id } } }',
      { variables: { a: `gid://shopify/Order/${refunded?.id}`, b: `gid://shopify/Order/${guest?.id}` } },
    );
    expect(one.data?.refunded.refunds).toEqual([{ id: `gid://shopify/Refund/${refunded?.id}`, totalRefundedSet: { shopMoney: { amount: refunded?.refunds[0]?.amount } } }]);
    expect(one.data?.guest.customer).toBeNull();

    type Products = { products: { nodes: { variants: { nodes: { price: string; sku: string }[] }; collections: { nodes: { handle: string }[] } }[] } };
    const products = await gql.request<Products>(
      '{ products(first: 20) { nodes { id title handle status updatedAt featuredImage { url } variants(first: 5) { nodes { id title price sku } } collections(first: 3) { nodes { id title handle } } } } }',
    );
    expect(products.data?.products.nodes).toHaveLength(20);
    expect(products.data?.products.nodes.every((p) => p.variants.nodes.length > 0 && p.collections.nodes.length === 1)).toBe(true);
  });

  it('refuses an unknown field with a GraphQL error, a connection without first, and a request without a valid token with 401', async () => {
    const gql = client();
    const unknown = await gql.request('{ shop { name secretField } }').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(GraphqlQueryError);
    expect((unknown as GraphqlQueryError).body?.errors.graphQLErrors[0]).toMatchObject({
      message: "Field 'secretField' doesn't exist on type 'Shop'",
      extensions: { code: 'undefinedField' },
    });
    const noFirst = await gql.request('{ customers { nodes { id } } }').catch((e: unknown) => e);
    expect((noFirst as GraphqlQueryError).body?.errors.graphQLErrors[0].message).toBe('you must provide one of first or last');

    const post = (headers: Record<string, string>) =>
      fetch(`${fake.url}/admin/api/2026-07/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"query":"{ shop { name } }"}' });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-shopify-access-token': 'shpat_not_issued' })).status).toBe(401);
    const ok = await post({ 'x-shopify-access-token': fake.createAccessToken() });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers the shop\'s domain and languages, and the live theme\'s settings with the app embeds the theme editor switched', async () => {
    const gql = client();
    const shop = await gql.request<{ shop: { primaryDomain: { url: string; host: string } }; shopLocales: { locale: string; primary: boolean }[] }>(
      '{ shop { primaryDomain { url host } } shopLocales { locale primary } }',
    );
    expect(shop.data).toEqual({ shop: { primaryDomain: { url: `https://${fake.shop}`, host: fake.shop } }, shopLocales: [{ locale: 'en', primary: true }] });
    type Files = { nodes: { filename: string; body: { content: string } }[]; userErrors: { code: string; filename: string }[] };
    type Themes = { themes: { nodes: { name: string; role: string; files: Files }[] } };
    const read = () => gql.request<Themes>(
      `{ themes(first: 1, roles: [MAIN]) { nodes { name role files(filenames: ["config/settings_data.json", "layout/none.liquid"], first: 2) {
        nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } } userErrors { code filename } } } } }`,
    );
    const before = (await read()).data!.themes.nodes[0]!;
    expect(before).toMatchObject({ name: 'Dawn', role: 'MAIN', files: { userErrors: [{ code: 'NOT_FOUND', filename: 'layout/none.liquid' }] } });
    // Shopify writes a comment above the JSON of settings_data.json.
    const json = (content: string) => JSON.parse(content.replace(/^\s*\/\*[\s\S]*?\*\//, '')) as { current: { blocks: Record<string, { type: string; disabled: boolean }> } };
    expect(json(before.files.nodes[0]!.body.content).current.blocks).toEqual({});
    fake.theme.setAppEmbed('storecast', 'storecast-embed', true);
    const blocks = Object.values(json((await read()).data!.themes.nodes[0]!.files.nodes[0]!.body.content).current.blocks);
    expect(blocks).toEqual([{ type: expect.stringMatching(/^shopify:\/\/apps\/storecast\/blocks\/storecast-embed\/[0-9a-f-]{36}$/), disabled: false, settings: {} }]);
    fake.theme.setAppEmbed('storecast', 'storecast-embed', false);
  });

  // How long a page takes is for a benchmark to say, not a test: this one checks the answer.
  it('pages a shop of 200,000 customers and 500,000 orders from a cursor near its end', async () => {
    const big = await startFakeShopify({ shop: 'big-shop.myshopify.com' });
    const unrouteBig = routeShopifyToFake(big);
    try {
      big.seed({ customers: 200_000, orders: 500_000, products: 2_000 });
      const session = new Session({ id: 'offline_big', shop: big.shop, state: 's', isOnline: false, accessToken: big.createAccessToken() });
      const gql = new shopify.clients.Graphql({ session });
      const cursor = (id: number) => Buffer.from(JSON.stringify({ last_id: id, last_value: String(id) })).toString('base64');
      const page = await gql.request<{ orders: { nodes: { id: string; name: string }[]; pageInfo: { hasNextPage: boolean } } }>(
        'query($after: String) { orders(first: 250, after: $after) { nodes { id name } pageInfo { hasNextPage } } }',
        { variables: { after: cursor(499_500) } },
      );
      expect(page.data?.orders.nodes[0]).toEqual({ id: 'gid://shopify/Order/499501', name: '#500501' });
      expect(page.data?.orders.nodes).toHaveLength(250);
      expect(page.data?.orders.pageInfo.hasNextPage).toBe(true);
    } finally {
      unrouteBig();
      await big.close();
    }
  });
});

describe('throttling', () => {
  const query = '{ customers(first: 10) { nodes { id } } }';

  it('a burst past the bucket is THROTTLED with the throttle status; after the restore time the query runs', async () => {
    fake.throttle.configure({ maximumAvailable: 50, restoreRate: 25 });
    try {
      const gql = client();
      // Ten queries of 12 points (2 + 10 × 1) against 50 points restoring 25 a second.
      const burst = await Promise.allSettled(Array.from({ length: 10 }, () => gql.request(query)));
      const throttled = burst.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(burst.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(4);
      expect(throttled.length).toBeGreaterThan(0);
      for (const e of throttled) {
        expect(e).toBeInstanceOf(GraphqlQueryError);
        const body = (e as GraphqlQueryError).body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        expect(body.errors.graphQLErrors[0]).toMatchObject({ message: 'Throttled', extensions: { code: 'THROTTLED' } });
        expect(body.extensions.cost).toMatchObject({
          requestedQueryCost: 12,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 50, restoreRate: 25 },
        });
        expect(body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(12);
      }

      // Wait as a client would: as long as the answer says the missing points take to restore.
      fake.throttle.drain();
      const refused = (await gql.request(query).catch((e: unknown) => e)) as GraphqlQueryError;
      const status = refused.body?.extensions.cost.throttleStatus as { currentlyAvailable: number; restoreRate: number };
      expect(status.currentlyAvailable).toBeLessThan(12);
      await sleep(Math.ceil(((12 - status.currentlyAvailable) / status.restoreRate) * 1000) + 20);
      const after = await gql.request(query);
      expect(after.extensions?.cost).toMatchObject({ requestedQueryCost: 12, actualQueryCost: 12 });
    } finally {
      fake.throttle.configure({ maximumAvailable: 1000, restoreRate: 100 });
    }
  });

  it('a query dearer than the single-query maximum is refused with MAX_COST_EXCEEDED', async () => {
    const e = (await client()
      .request('{ customers(first: 250) { nodes { id orders(first: 250) { nodes { id } } } } }')
      .catch((x: unknown) => x)) as GraphqlQueryError;
    expect(e).toBeInstanceOf(GraphqlQueryError);
    expect(e.body?.errors.graphQLErrors[0].extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: 1000 });
  });

  it('the 429 knob gives HttpThrottlingError with retryAfter; the library retries when asked to', async () => {
    const gql = client();
    fake.throttle.answer429(1, 3);
    const e = await gql.request(query).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpThrottlingError);
    expect((e as HttpThrottlingError).response).toMatchObject({ code: 429, retryAfter: 3 });

    fake.throttle.answer429(1, 1);
    const seen = fake.requests.length;
    const retried = await gql.request<{ customers: { nodes: unknown[] } }>(query, { retries: 1 });
    expect(retried.data?.customers.nodes).toHaveLength(10);
    expect(fake.requests.slice(seen).map((r) => r.status)).toEqual([429, 200]);
  });
});

describe('bulk operations', () => {
  const run = 'mutation Run($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message } } }';
  type Run = { bulkOperationRunQuery: { bulkOperation: { id: string; status: string } | null; userErrors: { field: string[]; message: string }[] } };
  type Current = {
    currentBulkOperation: {
      id: string; status: string; errorCode: string | null; objectCount: string; url: string | null; createdAt: string; completedAt: string | null;
    };
  };

  it('runs a customers-with-orders query over every record and serves JSONL with __parentId child lines', async () => {
    const gql = client();
    const query = '{ customers { edges { node { id email orders { edges { node { id name totalPriceSet { shopMoney { amount } } } } } } } } }';
    fake.bulk.pause();
    const started = await gql.request<Run>(run, { variables: { q: query } });
    expect(started.data?.bulkOperationRunQuery.userErrors).toEqual([]);
    expect(started.data?.bulkOperationRunQuery.bulkOperation?.status).toBe('CREATED');
    const id = started.data?.bulkOperationRunQuery.bulkOperation?.id as string;

    const busy = await gql.request<Run>(run, { variables: { q: query } });
    expect(busy.data?.bulkOperationRunQuery.userErrors[0]?.message).toMatch(/already in progress/);

    const poll = () => gql.request<Current>('{ currentBulkOperation { id status errorCode objectCount url createdAt completedAt } }');
    const statuses = [(await poll()).data?.currentBulkOperation.status];
    fake.bulk.resume();
    let current: Current['currentBulkOperation'] | undefined;
    for (let i = 0; i < 500 && current?.status !== 'COMPLETED'; i++) {
      current = (await poll()).data?.currentBulkOperation;
      statuses.push(current?.status);
      if (current?.status !== 'COMPLETED') await sleep(10);
    }
    expect(statuses[0]).toBe('CREATED');
    expect(statuses.at(-1)).toBe('COMPLETED');
    const order = ['CREATED', 'RUNNING', 'COMPLETED'];
    expect(statuses.every((s, i) => i === 0 || order.indexOf(s as string) >= order.indexOf(statuses[i - 1] as string))).toBe(true);
    expect(current).toMatchObject({ id, errorCode: null, completedAt: expect.any(String) });

    const byNode = await gql.request<{ node: { status: string; url: string } }>('query($id: ID!) { node(id: $id) { ... on BulkOperation { status url } } }', {
      variables: { id },
    });
    expect(byNode.data?.node).toEqual({ status: 'COMPLETED', url: current?.url });

    const text = await (await fetch(current?.url as string)).text();
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown> & { id: string; __parentId?: string });
    expect(String(lines.length)).toBe(current?.objectCount);
    const customers = lines.filter((l) => l.__parentId === undefined);
    const orders = lines.filter((l) => l.__parentId !== undefined);
    expect(customers).toHaveLength(260);
    expect(orders).toHaveLength([...fake.store.orders].filter((o) => o.customerId !== null).length);
    const customerIds = new Set(customers.map((c) => c.id));
    for (const o of orders) {
      expect(customerIds.has(o.__parentId as string)).toBe(true);
      expect(`gid://shopify/Customer/${fake.store.orders.get(parseGid(o.id)?.id ?? 0)?.customerId}`).toBe(o.__parentId);
      expect(o).not.toHaveProperty('orders');
      expect(o.totalPriceSet).toEqual({ shopMoney: { amount: expect.stringMatching(/^\d+\.\d\d$/) } });
    }
    expect(customers.every((c) => !('orders' in c))).toBe(true);
  });

  it('an operation started with a prebuilt query serves the prebuilt file, built anew once the store changed', async () => {
    const gql = client();
    const query = '{ customers { edges { node { id email } } } }';
    const fileOf = async () => {
      const id = (await gql.request<Run>(run, { variables: { q: query } })).data?.bulkOperationRunQuery.bulkOperation?.id as string;
      for (let i = 0; i < 500; i++) {
        const { data } = await gql.request<{ node: { status: string; url: string } }>('query($id: ID!) { node(id: $id) { ... on BulkOperation { status url } } }', { variables: { id } });
        if (data?.node.status === 'COMPLETED') return (await fetch(data.node.url)).text();
        await sleep(10);
      }
      throw new Error('the operation did not complete');
    };
    await fake.bulk.prebuild(query);
    const built = await fileOf();
    expect(built.trim().split('\n')).toHaveLength(fake.store.customers.size);
    const first = fake.store.customers.get(1)!;
    fake.store.customers.update(1, { email: 'changed-after-prebuild@example.com' });
    const rebuilt = await fileOf();
    expect(rebuilt).toContain('changed-after-prebuild@example.com');
    expect(built).not.toContain('changed-after-prebuild@example.com');
    fake.store.customers.put(first);
  });

  it('refuses a query Shopify would refuse', async () => {
    const gql = client();
    const refuse = async (q: string) => (await gql.request<Run>(run, { variables: { q } })).data?.bulkOperationRunQuery;
    const noId = await refuse('{ customers { edges { node { email orders { edges { node { id } } } } } } }');
    expect(noId?.bulkOperation).toBeNull();
    expect(noId?.userErrors[0]?.message).toMatch(/must select the 'id' field/);
    expect((await refuse('{ customers { edges { node { id nope } } } }'))?.userErrors[0]?.message).toMatch(/Invalid bulk query/);
  });
});

describe('mutations', () => {
  const create = `mutation Create($input: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $input) {
    codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { title status codes(first: 1) { nodes { code } } } } }
    userErrors { field code message } } }`;
  type Created = {
    discountCodeBasicCreate: {
      codeDiscountNode: { id: string; codeDiscount: { title: string; status: string; codes: { nodes: { code: string }[] } } } | null;
      userErrors: { field: string[]; code: string; message: string }[];
    };
  };
  const input = (code: string, percentage = 0.1) => ({
    title: 'Welcome back',
    code,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    customerGets: { value: { percentage }, items: { all: true } },
    usageLimit: 1,
    appliesOncePerCustomer: true,
  });

  it('discountCodeBasicCreate makes a code; the same code again is a userError', async () => {
    const gql = client();
    const made = await gql.request<Created>(create, { variables: { input: input('WELCOME-7Q2') } });
    expect(made.data?.discountCodeBasicCreate.userErrors).toEqual([]);
    expect(made.data?.discountCodeBasicCreate.codeDiscountNode).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/),
      codeDiscount: { title: 'Welcome back', status: 'ACTIVE', codes: { nodes: [{ code: 'WELCOME-7Q2' }] } },
    });
    expect(fake.store.discounts.find((d) => d.code === 'WELCOME-7Q2')).toMatchObject({ percentage: 0.1, usageLimit: 1, appliesOncePerCustomer: true });

    const again = await gql.request<Created>(create, { variables: { input: input('welcome-7q2') } });
    expect(again.data?.discountCodeBasicCreate.codeDiscountNode).toBeNull();
    expect(again.data?.discountCodeBasicCreate.userErrors).toEqual([{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: expect.any(String) }]);
    const tooMuch = await gql.request<Created>(create, { variables: { input: input('OTHER', 1.5) } });
    expect(tooMuch.data?.discountCodeBasicCreate.userErrors[0]).toMatchObject({ code: 'VALUE_OUTSIDE_RANGE' });
    expect(fake.store.discounts).toHaveLength(1);
  });
});

describe('consent written back', () => {
  const email = `mutation($input: CustomerEmailMarketingConsentUpdateInput!) { customerEmailMarketingConsentUpdate(input: $input) {
    customer { id emailMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt } } userErrors { field code message } } }`;
  const sms = `mutation($input: CustomerSmsMarketingConsentUpdateInput!) { customerSmsMarketingConsentUpdate(input: $input) {
    customer { id smsMarketingConsent { marketingState consentCollectedFrom } } userErrors { field code message } } }`;
  type Answer = Record<string, { customer: Record<string, unknown> | null; userErrors: { field: string[]; code: string }[] }>;

  it('customerEmailMarketingConsentUpdate and the SMS one change the customer; states Shopify keeps for itself are refused', async () => {
    const gql = client();
    const target = [...fake.store.customers].find((c) => c.email && c.phone && c.emailMarketingConsent?.marketingState === 'SUBSCRIBED');
    const customerId = `gid://shopify/Customer/${target?.id}`;
    const at = '2026-03-01T10:00:00Z';
    const off = await gql.request<Answer>(email, {
      variables: { input: { customerId, emailMarketingConsent: { marketingState: 'UNSUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: at } } },
    });
    expect(off.data?.customerEmailMarketingConsentUpdate).toEqual({
      customer: { id: customerId, emailMarketingConsent: { marketingState: 'UNSUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: at } },
      userErrors: [],
    });
    expect(fake.store.customers.get(target?.id ?? 0)?.emailMarketingConsent?.marketingState).toBe('UNSUBSCRIBED');

    const on = await gql.request<Answer>(sms, { variables: { input: { customerId, smsMarketingConsent: { marketingState: 'SUBSCRIBED' } } } });
    expect(on.data?.customerSmsMarketingConsentUpdate?.customer).toEqual({ id: customerId, smsMarketingConsent: { marketingState: 'SUBSCRIBED', consentCollectedFrom: 'OTHER' } });

    const own = await gql.request<Answer>(email, { variables: { input: { customerId, emailMarketingConsent: { marketingState: 'NOT_SUBSCRIBED' } } } });
    expect(own.data?.customerEmailMarketingConsentUpdate).toEqual({ customer: null, userErrors: [{ field: ['input', 'emailMarketingConsent', 'marketingState'], code: 'INCLUSION', message: expect.any(String) }] });
    const noPhone = [...fake.store.customers].find((c) => !c.phone);
    const smsless = await gql.request<Answer>(sms, {
      variables: { input: { customerId: `gid://shopify/Customer/${noPhone?.id}`, smsMarketingConsent: { marketingState: 'SUBSCRIBED' } } },
    });
    expect(smsless.data?.customerSmsMarketingConsentUpdate?.userErrors[0]?.code).toBe('INVALID');
  });
});

describe('webhooks', () => {
  it('a subscribed topic is delivered signed; the library verifies it, a repeat keeps the event id, a forged one is refused', async () => {
    const gql = client();
    const subscribe = `mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: { callbackUrl: "${appUrl}/webhooks", format: JSON }) {
      webhookSubscription { id topic } userErrors { field message } } }`;
    type Sub = { webhookSubscriptionCreate: { webhookSubscription: { id: string; topic: string } | null; userErrors: { message: string }[] } };
    const sub = await gql.request<Sub>(subscribe);
    expect(sub.data?.webhookSubscriptionCreate).toEqual({ webhookSubscription: { id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\//), topic: 'ORDERS_CREATE' }, userErrors: [] });
    expect((await gql.request<Sub>(subscribe)).data?.webhookSubscriptionCreate.userErrors[0]?.message).toBe('Address for this topic has already been taken');

    const payload = { id: 820982911946154500, email: 'jon@example.com', total_price: '12.00' };
    const first = await fake.sendWebhook('orders/create', payload);
    expect(first.status).toBe(200);
    expect(verdicts.at(-1)).toMatchObject({ valid: true, topic: 'ORDERS_CREATE', domain: fake.shop, apiVersion: '2026-07', eventId: first.eventId, webhookId: first.webhookId });

    const repeat = await fake.resendWebhook(first);
    expect(repeat.status).toBe(200);
    expect(repeat.eventId).toBe(first.eventId);
    expect(verdicts.at(-1)).toMatchObject({ valid: true, eventId: first.eventId });

    const forged = await fake.sendWebhook('CUSTOMERS_CREATE', { id: 1 }, { to: `${appUrl}/webhooks`, badSignature: true });
    expect(forged.status).toBe(401);
    expect(verdicts.at(-1)).toEqual({ valid: false, reason: 'invalid_hmac' });
  });
});
