import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AdminContext } from './admin-context.ts';
import { graphqlAnswerer, type FakeShopifyAnswer, type TooManyRequests } from './answer-graphql.ts';
import { gid, newStore, type FakeShopifyStore } from './fake-shopify-store.ts';
import { oauthHandlers } from './handle-oauth.ts';
import { LeakyBucket, type ThrottleStatus } from './leaky-bucket.ts';
import { makeAdminSchema } from './make-admin-schema.ts';
import type { BulkRange } from './page-records.ts';
import { bulkOperations, type ResultFile } from './run-bulk-operation.ts';
import { seedFakeShop, type SeedOptions } from './seed-fake-shop.ts';
import { graphqlTopic, postWebhook, type FakeShopifyDelivery, type SendWebhookOptions } from './send-webhook.ts';
import { signedInstallQuery } from './sign-query.ts';

export { gid, parseGid } from './fake-shopify-store.ts';
export { onFake, routeShopifyToFake } from './route-shopify-to-fake.ts';
export { signQuery, signedInstallQuery } from './sign-query.ts';
export { signWebhookBody } from './send-webhook.ts';
export type { FakeShopifyDelivery, FakeShopifyStore, SeedOptions, SendWebhookOptions, ThrottleStatus };

export interface StartFakeShopifyOptions {
  apiKey?: string;
  apiSecret?: string;
  /** The shop's domain; the library takes only `*.myshopify.com` names. */
  shop?: string;
  /** Put in `X-Shopify-API-Version` on webhooks. */
  apiVersion?: string;
  shopName?: string;
  currencyCode?: string;
  ianaTimezone?: string;
  email?: string;
  /** `Shop.primaryDomain.url`; by default the myshopify address. */
  primaryDomainUrl?: string;
  /** The primary `shopLocales` entry (default `en`). */
  primaryLocale?: string;
  /** The app's allowed redirection URLs (OAuth); by default any. */
  redirectUrls?: string[];
  /** The GraphQL bucket: Shopify's standard plan is 1000 points restoring 100 a second. */
  throttle?: { maximumAvailable?: number; restoreRate?: number; maxQueryCost?: number };
  /** Root records a bulk operation reads between two other requests (default 1000). */
  bulkBatchSize?: number;
}

/** One request as the fake saw it (for tests asserting what the app sent). */
export interface FakeShopifyRequest {
  method: string;
  path: string;
  status: number;
}

/**
 * A stand-in for one Shopify shop on loopback, speaking Shopify's HTTP protocols so that the
 * official `@shopify/shopify-api` (pointed here by `routeShopifyToFake`) and the connector use it
 * unchanged: OAuth, the Admin GraphQL API (a real GraphQL server on a subset of Shopify's
 * schema, with cost-based throttling and bulk operations) and signed webhooks to the app.
 */
export async function startFakeShopify(opts: StartFakeShopifyOptions = {}) {
  const apiKey = opts.apiKey ?? 'fake-api-key';
  const apiSecret = opts.apiSecret ?? 'fake-api-secret';
  const shop = opts.shop ?? 'test-shop.myshopify.com';
  const apiVersion = opts.apiVersion ?? '2026-07';
  const store: FakeShopifyStore = newStore({
    name: opts.shopName ?? 'Test Shop',
    myshopifyDomain: shop,
    currencyCode: opts.currencyCode ?? 'USD',
    ianaTimezone: opts.ianaTimezone ?? 'America/New_York',
    email: opts.email ?? 'owner@example.com',
    primaryDomainUrl: opts.primaryDomainUrl ?? `https://${shop}`,
    locales: [{ locale: opts.primaryLocale ?? 'en', name: opts.primaryLocale ?? 'English', primary: true, published: true }],
  });
  // The live theme, as a new shop has it: Dawn, with no app embed switched on.
  const at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  store.themes.push({ id: 1, name: 'Dawn', role: 'MAIN', createdAt: at, updatedAt: at, files: new Map([['config/settings_data.json', settingsData({})]]) });
  const bucket = new LeakyBucket(opts.throttle?.maximumAvailable ?? 1000, opts.throttle?.restoreRate ?? 100);
  let maxQueryCost = opts.throttle?.maxQueryCost ?? 1000;
  const tooMany: TooManyRequests = { left: 0, retryAfterSeconds: 2 };
  let batchSize = opts.bulkBatchSize ?? 1000;
  const schema = makeAdminSchema();
  const requests: FakeShopifyRequest[] = [];
  const deliveries: FakeShopifyDelivery[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = '';
  /** Result files stop after this many root records until `releaseFiles()` (see `holdFiles`). */
  let hold: { afterRoots: number; waiting: number; release: Promise<void>; go: () => void } | null = null;

  /**
   * Sends a result file, stopping where a hold says, as a slow download from Shopify's storage
   * would: the chunks that reach the hold's count first, the rest once it is released.
   */
  async function sendFile(res: http.ServerResponse, file: ResultFile) {
    let i = 0;
    for (let sent = 0; i < file.chunks.length && (!hold || sent < hold.afterRoots); i++) {
      res.write(file.chunks[i]);
      sent += file.roots[i] ?? 0;
    }
    if (hold && i < file.chunks.length) {
      const h = hold;
      h.waiting += 1;
      await h.release;
      h.waiting -= 1;
    }
    for (; i < file.chunks.length && !res.destroyed; i++) res.write(file.chunks[i]);
    res.end();
  }

  // Which orders belong to a customer, rebuilt when the orders changed since.
  let byCustomer: { version: number; size: number; map: Map<number, number[]> } | null = null;
  function ordersOf(customerId: number): number[] {
    const orders = store.orders;
    if (!byCustomer || byCustomer.version !== orders.version || byCustomer.size !== orders.size) {
      const map = new Map<number, number[]>();
      for (const o of orders) {
        if (o.customerId == null) continue;
        const list = map.get(o.customerId);
        if (list) list.push(o.id);
        else map.set(o.customerId, [o.id]);
      }
      byCustomer = { version: orders.version, size: orders.size, map };
    }
    return byCustomer.map.get(customerId) ?? [];
  }

  const context = (bulk: BulkRange | null): AdminContext => ({ store, bulk, ordersOf, bulkOperations: bulkOps });
  const bulkOps = bulkOperations({
    schema,
    store,
    baseUrl: () => baseUrl,
    context,
    batchSize: () => batchSize,
    onFinish: (op) => {
      const body = {
        admin_graphql_api_id: gid('BulkOperation', op.id),
        completed_at: op.completedAt,
        created_at: op.createdAt,
        error_code: op.errorCode?.toLowerCase() ?? null,
        status: op.status.toLowerCase(),
        type: 'query',
      };
      for (const s of store.webhookSubscriptions.filter((w) => w.topic === 'BULK_OPERATIONS_FINISH')) {
        void sendWebhook('bulk_operations/finish', body, { to: s.callbackUrl });
      }
    },
  });
  const graphql = graphqlAnswerer({ schema, store, bucket, maxQueryCost: () => maxQueryCost, tooMany, context: () => context(null) });
  const oauth = oauthHandlers({ apiKey, apiSecret, store, redirectUrls: () => opts.redirectUrls ?? null });

  const isResultFile = (body: unknown): body is ResultFile => typeof body === 'object' && body !== null && 'chunks' in body && 'roots' in body;

  async function route(req: http.IncomingMessage, url: URL, raw: string): Promise<FakeShopifyAnswer> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/admin/oauth/authorize') return oauth.authorize(url);
    if (method === 'POST' && url.pathname === '/admin/oauth/access_token') return oauth.accessToken(String(req.headers['content-type'] ?? ''), raw);
    const api = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.exec(url.pathname);
    if (method === 'POST' && api) {
      const a = await graphql(req.headers, raw);
      return { ...a, headers: { 'x-shopify-api-version': api[1] as string, ...a.headers } };
    }
    const file = /^\/bulk-operation-results\/(\d+)\.jsonl$/.exec(url.pathname);
    if (method === 'GET' && file) {
      const found = bulkOps.file(Number(file[1]));
      if (found) return { status: 200, headers: { 'content-type': 'application/jsonl' }, body: found };
    }
    return { status: 404, body: { errors: 'Not Found' } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      route(req, url, Buffer.concat(chunks).toString('utf8'))
        .then((a) => {
          requests.push({ method: req.method ?? 'GET', path: url.pathname, status: a.status });
          const id = randomBytes(8).toString('hex');
          if (isResultFile(a.body)) {
            // A bulk result file: its chunks as they are, however large.
            res.writeHead(a.status, { 'x-request-id': id, ...a.headers });
            return sendFile(res, a.body);
          }
          const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
          res.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id, ...a.headers });
          res.end(text);
        })
        .catch((e: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ errors: `fake Shopify failed: ${e instanceof Error ? e.message : String(e)}` }));
        });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * POSTs a webhook as Shopify does (see `SendWebhookOptions`). `topic` may be `orders/create` or
   * `ORDERS_CREATE`; without `to` it goes to the latest subscription to the topic.
   */
  async function sendWebhook(topic: string, payload: unknown, options: SendWebhookOptions = {}): Promise<FakeShopifyDelivery> {
    const url = options.to ?? store.webhookSubscriptions.filter((w) => w.topic === graphqlTopic(topic)).at(-1)?.callbackUrl;
    if (!url) throw new Error(`fake Shopify: no address for ${topic} (pass opts.to or subscribe first)`);
    const rawBody = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const delivery = await postWebhook({ topic, url, rawBody, shop, apiVersion, apiSecret, opts: options });
    deliveries.push(delivery);
    return delivery;
  }

  return {
    url: baseUrl,
    shop,
    apiKey,
    apiSecret,
    apiVersion,
    /** The shop's data; tests read and change it directly (`store.customers.update(id, …)`). */
    store,
    requests,
    /** Every webhook sent, in order, with the app's answer. */
    deliveries,
    /** Fills the shop with deterministic customers, orders and products (see `seedFakeShop`). */
    seed(options: SeedOptions) {
      seedFakeShop(store, options);
    },
    /** A token as if the app had been installed with these scopes (skips OAuth). */
    createAccessToken(scope = 'read_customers,read_orders,read_products,write_discounts'): string {
      const token = `shpat_${randomBytes(16).toString('hex')}`;
      store.accessTokens.set(token, { scope, online: false });
      return token;
    },
    /** The signed query Shopify adds to the app's URL when a merchant opens or installs it. */
    installQuery: (timestamp?: string) => signedInstallQuery(shop, apiSecret, timestamp),
    sendWebhook,
    /** The same event again (same body, event id and webhook id), as Shopify's retries and duplicates are. */
    resendWebhook(delivery: FakeShopifyDelivery, options: Omit<SendWebhookOptions, 'eventId'> = {}): Promise<FakeShopifyDelivery> {
      return sendWebhook(delivery.topic, delivery.rawBody, { to: delivery.url, webhookId: delivery.webhookId, ...options, eventId: delivery.eventId });
    },
    throttle: {
      status: (): ThrottleStatus => bucket.status(),
      /** New bucket limits (the bucket starts full) and, optionally, the single-query maximum. */
      configure(c: { maximumAvailable: number; restoreRate: number; maxQueryCost?: number }) {
        bucket.configure(c.maximumAvailable, c.restoreRate);
        if (c.maxQueryCost !== undefined) maxQueryCost = c.maxQueryCost;
      },
      /** Empties the bucket, as other calls of the same app would. */
      drain: () => bucket.drain(),
      /** The next `n` Admin API requests get HTTP 429 with `Retry-After: <seconds>`. */
      answer429(n = 1, retryAfterSeconds = 2) {
        tooMany.left = n;
        tooMany.retryAfterSeconds = retryAfterSeconds;
      },
    },
    theme: {
      /**
       * Switches an app embed in the live theme's `config/settings_data.json`, as the theme editor
       * does: a block `shopify://apps/<appHandle>/blocks/<blockHandle>/<uuid>`, `disabled` when off.
       */
      setAppEmbed(appHandle: string, blockHandle: string, enabled: boolean) {
        const main = store.themes.find((t) => t.role === 'MAIN') as (typeof store.themes)[number];
        main.files.set('config/settings_data.json', settingsData({
          '17263281923917293847': { type: `shopify://apps/${appHandle}/blocks/${blockHandle}/0198ad6e-7a51-7c4b-9a3f-2b1e5c0d9e21`, disabled: !enabled, settings: {} },
        }));
      },
    },
    bulk: {
      operations: bulkOps.list,
      /** Operations started from now on stay CREATED until `resume()` (to see a poll before the end). */
      pause: bulkOps.pause,
      resume: bulkOps.resume,
      /** Builds a query's result file ahead, used by an operation later started with the same text on the unchanged store. */
      prebuild: bulkOps.prebuild,
      setBatchSize(n: number) {
        batchSize = n;
      },
      /**
       * Result files downloaded from now on stop once they have sent `afterRoots` root records
       * (whole chunks, so a few more) and wait for `releaseFiles()`: a reader is then caught
       * mid-file in a state that holds still, for as long as a test needs.
       */
      holdFiles(afterRoots: number) {
        let go = () => {};
        const release = new Promise<void>((resolve) => (go = resolve));
        hold = { afterRoots, waiting: 0, release, go };
      },
      /** Downloads waiting at the hold now. */
      heldDownloads: () => hold?.waiting ?? 0,
      releaseFiles() {
        hold?.go();
        hold = null;
      },
    },
    async close() {
      hold?.go();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeShopify = Awaited<ReturnType<typeof startFakeShopify>>;

/** A theme's `settings_data.json` as Shopify writes it: a comment above the JSON, app embeds under `current.blocks`. */
function settingsData(blocks: Record<string, unknown>): string {
  const comment = '/*\n * ------------------------------------------------------------\n * IMPORTANT: The contents of this file are auto-generated.\n * ------------------------------------------------------------\n */\n';
  return comment + JSON.stringify({ current: { blocks, sections: {} }, presets: { Default: {} } }, null, 2);
}
