import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeShoplineId, type FakeShoplineShop, newFakeShoplineShop } from './fake-shopline-shop.ts';
import { signShoplineBody, signShoplinePost, signShoplineQuery } from './sign-shopline.ts';

export const FAKE_SHOPLINE_VERSION = 'v20251201';
const LISTS = { 'v2/customers.json': 'customers', 'orders.json': 'orders', 'products/products.json': 'products' } as const;
/** The scope each list needs; a token granted without it is answered 403, as the platform does. */
const LIST_SCOPES = { customers: 'read_customers', orders: 'read_orders', products: 'read_products' } as const;

export interface ShoplineWebhookOptions { to?: string; eventId?: string; badSignature?: boolean; encoding?: 'hex' | 'base64' }
export interface FakeShoplineDelivery { topic: string; eventId: string; status: number | null; body: string }

/**
 * A Shopline on loopback speaking its OpenAPI for what the connector uses, several stores on one
 * port under `/{handle}.myshopline.com` (the connector's base URL `http://127.0.0.1:PORT/{shop}`
 * stands for `https://{shop}`): the authorize page (`/admin/oauth-web/#/oauth/authorize`, whose
 * parameters are in the fragment, so `approve` plays the owner's browser) redirecting with
 * `appkey, code, customField, handle, lang, timestamp, sign`; `POST /admin/oauth/token/create`
 * checking `appkey`, `timestamp` and `sign` and trading a code once; `merchants/shop.json`; the
 * customer, order and product lists paged by the `Link` header's `page_info`; webhook
 * subscriptions; 429 without `Retry-After` on demand; and signed webhooks. A call the token's
 * scopes do not cover (a list, the themes, a price rule's change) is answered 403.
 */
export async function startFakeShopline(opts: { appKey: string; appSecret: string }) {
  const shops = new Map<string, FakeShoplineShop>();
  const codes = new Map<string, { handle: string; scope: string }>();
  const requests: { handle: string; path: string; at: number; status: number }[] = [];
  let throttled = 0;
  let origin = '';
  let tokenLifetimeS = 10 * 3600;
  let refreshes = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  function tokenCreate(shop: FakeShoplineShop, req: IncomingMessage, raw: string, res: ServerResponse) {
    const timestamp = String(req.headers.timestamp ?? '');
    if (req.headers.appkey !== opts.appKey || req.headers.sign !== signShoplinePost(raw, timestamp, opts.appSecret)) {
      return send(res, 401, { code: 401, i18nCode: 'SIGN_ERROR', message: 'sign error' });
    }
    let code: string;
    try {
      code = String((JSON.parse(raw) as { code?: unknown }).code ?? '');
    } catch {
      return send(res, 400, { code: 400, message: 'invalid json' });
    }
    const grant = codes.get(code);
    if (!grant || grant.handle !== shop.handle) return send(res, 400, { code: 400, i18nCode: 'CODE_INVALID', message: 'code invalid' });
    codes.delete(code);
    send(res, 200, { code: 200, i18nCode: 'SUCCESS', message: null, data: issue(shop, grant.scope) });
  }

  /** A new access token living `tokenLifetimeS`, as `token/create` and `token/refresh` give it. */
  function issue(shop: FakeShoplineShop, scope: string) {
    const access = randomBytes(24).toString('base64url');
    shop.tokens.set(access, scope);
    const expireTime = Date.now() + tokenLifetimeS * 1000;
    shop.tokenExpiry.set(access, expireTime);
    return { accessToken: access, expireTime: new Date(expireTime).toISOString(), scope };
  }

  /**
   * `POST /admin/oauth/token/refresh`: signed as `token/create` (over the empty body); a new token
   * replaces the store's tokens. An app the merchant took away is answered 200 with an error code
   * and no data, as a used code is.
   */
  function tokenRefresh(shop: FakeShoplineShop, req: IncomingMessage, raw: string, res: ServerResponse) {
    const timestamp = String(req.headers.timestamp ?? '');
    if (req.headers.appkey !== opts.appKey || req.headers.sign !== signShoplinePost(raw, timestamp, opts.appSecret)) {
      return send(res, 401, { code: 401, i18nCode: 'SIGN_ERROR', message: 'sign error' });
    }
    if (shop.revoked || shop.tokens.size === 0) return send(res, 200, { code: 1003, i18nCode: 'APP_NOT_AUTHORIZED', message: 'app is not authorized', data: null });
    const scope = [...shop.tokens.values()][0] ?? '';
    shop.tokens.clear();
    refreshes += 1;
    send(res, 200, { code: 200, i18nCode: 'SUCCESS', message: null, data: issue(shop, scope) });
  }

  function list(shop: FakeShoplineShop, path: keyof typeof LISTS, q: URLSearchParams, res: ServerResponse) {
    const key = LISTS[path];
    const size = Math.min(250, Math.max(1, Number(q.get('limit') ?? 50) || 50));
    let start = 0;
    // As Shopline's, a page_info carries the first page's filters; they are not sent again.
    let min = q.get('created_at_min');
    const info = q.get('page_info');
    if (info) {
      let parsed: { offset?: unknown; min?: unknown } = {};
      try {
        parsed = JSON.parse(Buffer.from(info, 'base64url').toString('utf8')) as typeof parsed;
      } catch { /* answered below */ }
      if (!Number.isInteger(parsed.offset) || Number(parsed.offset) < 0) return send(res, 400, { errors: 'invalid page_info' });
      start = Number(parsed.offset);
      min = typeof parsed.min === 'string' ? parsed.min : null;
    }
    const all = min ? shop[key].filter((r) => Date.parse(String(r.created_at)) >= Date.parse(min)) : shop[key];
    const page = all.slice(start, start + size);
    const headers: Record<string, string> = {};
    if (start + size < all.length) {
      const next = new URL(`${origin}/${shop.handle}.myshopline.com/admin/openapi/${FAKE_SHOPLINE_VERSION}/${path}`);
      next.searchParams.set('limit', String(size));
      next.searchParams.set('page_info', Buffer.from(JSON.stringify({ offset: start + size, min })).toString('base64url'));
      headers.link = `<${next.href}>; rel="next"`;
    }
    send(res, 200, { [key]: page }, headers);
  }

  async function openapi(shop: FakeShoplineShop, req: IncomingMessage, path: string, q: URLSearchParams, res: ServerResponse) {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('Bearer ') || !shop.tokens.has(auth.slice(7))) return send(res, 401, { errors: 'Unauthorized' });
    if ((shop.tokenExpiry.get(auth.slice(7)) ?? Infinity) <= Date.now()) return send(res, 401, { errors: 'access token expired' });
    if (throttled > 0) {
      throttled -= 1;
      return send(res, 429, { errors: 'Too Many Requests' });
    }
    const rest = path.replace(new RegExp(`^/admin/openapi/${FAKE_SHOPLINE_VERSION}/`), '');
    const granted = (shop.tokens.get(auth.slice(7)) ?? '').split(/[\s,]+/);
    if (req.method === 'GET' && rest === 'merchants/shop.json') return send(res, 200, { data: { ...shop.details, handle: shop.handle } });
    if (req.method === 'GET' && rest in LISTS) {
      const needs = LIST_SCOPES[LISTS[rest as keyof typeof LISTS]];
      if (!granted.includes(needs)) return send(res, 403, { errors: `access scope ${needs} is required` });
      return list(shop, rest as keyof typeof LISTS, q, res);
    }
    if (req.method === 'GET' && rest === 'webhooks.json') return send(res, 200, { webhooks: shop.webhooks });
    if (req.method === 'POST' && rest === 'webhooks.json') {
      let body: { webhook?: { address?: unknown; topic?: unknown; api_version?: unknown } } = {};
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, 400, { errors: 'invalid json' });
      }
      const w = body.webhook ?? {};
      if (typeof w.address !== 'string' || typeof w.topic !== 'string' || typeof w.api_version !== 'string') return send(res, 422, { errors: 'address, topic and api_version are required' });
      if (shop.webhooks.some((h) => h.address === w.address && h.topic === w.topic)) return send(res, 422, { errors: 'topic already subscribed' });
      const hook = { id: randomUUID(), topic: w.topic, address: w.address, api_version: w.api_version, created_at: new Date().toISOString() };
      shop.webhooks.push(hook);
      return send(res, 200, { webhook: hook });
    }
    // "Get all themes" (`role` published, unpublished or development) needs `read_content`;
    // "Get theme asset detail" (`asset_key`) needs `read_themes`.
    if (req.method === 'GET' && rest === 'themes.json') {
      if (!granted.includes('read_content')) return send(res, 403, { errors: 'access scope read_content is required' });
      return send(res, 200, { themes: shop.themes.map(({ files: _files, ...t }) => t) });
    }
    const asset = /^themes\/([^/]+)\/assets\/detail\.json$/.exec(rest);
    if (req.method === 'GET' && asset) {
      if (!granted.includes('read_themes')) return send(res, 403, { errors: 'access scope read_themes is required' });
      const key = q.get('asset_key') ?? '';
      const value = shop.themes.find((t) => t.id === asset[1])?.files.get(key);
      return value === undefined ? send(res, 404, { errors: 'Not Found' }) : send(res, 200, { asset: { key, value, theme_id: asset[1] } });
    }
    if (req.method === 'GET' && rest === 'store/script_tags.json') {
      const src = q.get('src');
      return send(res, 200, { script_tags: src ? shop.scriptTags.filter((t) => t.src === src) : shop.scriptTags });
    }
    if (await discounts(shop, req, rest, q, res)) return;
    return send(res, 404, { errors: 'Not Found' });
  }

  /**
   * Price rules and discount codes: `sales/price_rules.json` (`{ price_rule }` in and out),
   * `PUT` and `DELETE sales/price_rules/{id}.json`, `sales/price_rules/{id}/discount_codes.json`
   * (`{ discount_code: { code } }`, 422 when the store has the code), and
   * `sales/discount_codes/lookup.json?code=` (404 when none).
   */
  async function discounts(shop: FakeShoplineShop, req: IncomingMessage, rest: string, q: URLSearchParams, res: ServerResponse): Promise<boolean> {
    const json = async () => {
      try {
        return JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    if (req.method === 'POST' && rest === 'sales/price_rules.json') {
      const b = (await json())?.price_rule as Record<string, unknown> | undefined;
      if (!b || typeof b.title !== 'string' || !['percentage', 'fixed_amount'].includes(String(b.value_type)) || !Number.isFinite(Number(b.value))
        || typeof b.starts_at !== 'string' || typeof b.customer_selection !== 'string' || typeof b.target_selection !== 'string') {
        send(res, 422, { errors: 'title, value, value_type, customer_selection, target_selection and starts_at are required' });
        return true;
      }
      const rule = { ...b, id: fakeShoplineId(), created_at: new Date().toISOString() };
      shop.priceRules.push(rule);
      send(res, 200, { price_rule: rule });
      return true;
    }
    const m = /^sales\/price_rules\/([^/]+?)(\/discount_codes)?\.json$/.exec(rest);
    const rule = m ? shop.priceRules.find((r) => r.id === m[1]) : undefined;
    // "Update the price rule of a code discount" and "Delete existing price rule" require
    // `write_price_rules`: a token granted without it is refused.
    const granted = (shop.tokens.get(String(req.headers.authorization ?? '').slice(7)) ?? '').split(/[\s,]+/);
    if (m && !m[2] && (req.method === 'PUT' || req.method === 'DELETE') && !granted.includes('write_price_rules')) {
      send(res, 403, { errors: 'access scope write_price_rules is required' });
      return true;
    }
    if (m && !rule) {
      send(res, 404, { errors: 'Not Found' });
      return true;
    }
    if (rule && !m![2] && req.method === 'DELETE') {
      shop.priceRules.splice(shop.priceRules.indexOf(rule), 1);
      shop.discountCodes = shop.discountCodes.filter((d) => d.price_rule_id !== rule.id);
      send(res, 200, {});
      return true;
    }
    if (rule && !m![2] && req.method === 'PUT') {
      const b = (await json())?.price_rule as Record<string, unknown> | undefined;
      if (!b || (b.value !== undefined && !Number.isFinite(Number(b.value)))) {
        send(res, 422, { errors: 'value is invalid' });
        return true;
      }
      Object.assign(rule, b, { id: rule.id });
      send(res, 200, { price_rule: rule });
      return true;
    }
    if (rule && m![2] && req.method === 'POST') {
      const code = ((await json())?.discount_code as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string' || !code) {
        send(res, 422, { errors: 'code is required' });
        return true;
      }
      if (shop.discountCodes.some((d) => String(d.code).toUpperCase() === code.toUpperCase())) {
        send(res, 422, { errors: 'code has already been taken' });
        return true;
      }
      const made = { id: fakeShoplineId(), price_rule_id: rule.id, code, usage_count: 0, create_at: new Date().toISOString() };
      shop.discountCodes.push(made);
      send(res, 200, { discount_code: made });
      return true;
    }
    if (req.method === 'GET' && rest === 'sales/discount_codes/lookup.json') {
      const code = (q.get('code') ?? '').toUpperCase();
      const found = shop.discountCodes.find((d) => String(d.code).toUpperCase() === code);
      if (found) send(res, 200, { discount_code: found });
      else send(res, 404, { errors: 'Not Found' });
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, domain = '', ...rest] = url.pathname.split('/');
      const shop = shops.get(domain.replace(/\.myshopline\.com$/, ''));
      const path = `/${rest.join('/')}`;
      if (!shop) return send(res, 404, { errors: 'store not found' });
      if (req.method === 'POST' && path === '/admin/oauth/token/create') return tokenCreate(shop, req, await readBody(req), res);
      if (req.method === 'POST' && path === '/admin/oauth/token/refresh') return tokenRefresh(shop, req, await readBody(req), res);
      if (path.startsWith('/admin/openapi/')) {
        await openapi(shop, req, path, url.searchParams, res);
        requests.push({ handle: shop.handle, path, at: Date.now(), status: res.statusCode });
        return;
      }
      return send(res, 404, { errors: 'Not Found' });
    })().catch((e: unknown) => send(res, 500, { errors: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    appKey: opts.appKey,
    appSecret: opts.appSecret,
    /** The connector's base URL, `{shop}` standing for `{handle}.myshopline.com`. */
    apiBase: `${origin}/{shop}`,
    origin,
    requests,
    addShop(handle: string, details: Partial<FakeShoplineShop['details']> = {}) {
      const shop = newFakeShoplineShop(handle, details);
      shops.set(handle, shop);
      return shop;
    },
    shop: (handle: string) => shops.get(handle),
    /** The query Shopline adds when a merchant installs the app: `appkey, handle, lang, timestamp, sign`. */
    installQuery(handle: string, secret = opts.appSecret, timestamp = Date.now()): URLSearchParams {
      const params = { appkey: opts.appKey, handle, lang: 'en', timestamp: String(timestamp) };
      return new URLSearchParams({ ...params, sign: signShoplineQuery(params, secret) });
    },
    /**
     * The owner approving on the authorize page: its parameters are read from the URL's fragment
     * (a browser never sends it) and the callback URL Shopline would redirect to is returned.
     */
    approve(authorize: string): URL {
      const u = new URL(authorize);
      const [route = '', search = ''] = u.hash.replace(/^#/, '').split('?');
      const q = new URLSearchParams(search);
      const handle = u.pathname.split('/')[1]?.replace(/\.myshopline\.com$/, '') ?? '';
      if (!u.pathname.endsWith('/admin/oauth-web/') || route !== '/oauth/authorize' || !shops.has(handle)) throw new Error(`not an authorize page: ${authorize}`);
      if (q.get('appKey') !== opts.appKey || q.get('responseType') !== 'code' || !q.get('redirectUri')) throw new Error('invalid authorize request');
      const code = randomBytes(16).toString('hex');
      codes.set(code, { handle, scope: q.get('scope') ?? '' });
      const params: Record<string, string> = { appkey: opts.appKey, code, handle, lang: 'en', timestamp: String(Date.now()) };
      if (q.get('customField') !== null) params.customField = q.get('customField') as string;
      const callback = new URL(q.get('redirectUri')!);
      for (const [k, v] of Object.entries({ ...params, sign: signShoplineQuery(params, opts.appSecret) })) callback.searchParams.set(k, v);
      return callback;
    },
    /** Access tokens granted from now on live this long. */
    setTokenLifetime(seconds: number) {
      tokenLifetimeS = seconds;
    },
    /** Every access token of the store stops working now (`token/refresh` still answers). */
    expireTokens(handle: string) {
      const shop = shops.get(handle);
      for (const t of shop?.tokens.keys() ?? []) shop!.tokenExpiry.set(t, Date.now() - 1000);
    },
    /** The merchant took the app's authorisation away: no token works and `token/refresh` is refused. */
    revoke(handle: string) {
      const shop = shops.get(handle);
      if (!shop) return;
      shop.tokens.clear();
      shop.revoked = true;
    },
    /** Switches the app embed in the live theme's settings: a block `shopline://apps/<app>/blocks/<block>/<id>`, `disabled` when off. */
    setAppEmbed(handle: string, app: string, block: string, enabled: boolean) {
      const live = shops.get(handle)?.themes.find((t) => t.role === 'published');
      live?.files.set('config/settings_data.json', JSON.stringify({
        current: { blocks: { 'b7c8d9': { type: `shopline://apps/${app}/blocks/${block}/5e6f7a8b`, disabled: !enabled, settings: {} } } },
      }));
    },
    /** How many refreshes were answered with a new token. */
    refreshCount: () => refreshes,
    /** The next `count` OpenAPI calls are answered 429, without `Retry-After` as Shopline's are. */
    throttle(count: number) {
      throttled = count;
    },
    /** POSTs one webhook as Shopline does, to the store's subscription for the topic (or `to`). */
    async sendWebhook(handle: string, topic: string, payload: unknown, o: ShoplineWebhookOptions = {}): Promise<FakeShoplineDelivery> {
      const url = o.to ?? shops.get(handle)?.webhooks.find((w) => w.topic === topic)?.address;
      if (!url) throw new Error(`no subscription to ${topic}`);
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const eventId = o.eventId ?? randomUUID();
      const headers = {
        'content-type': 'application/json',
        'x-shopline-topic': topic,
        'x-shopline-hmac-sha256': signShoplineBody(body, o.badSignature ? `${opts.appSecret}-forged` : opts.appSecret, o.encoding),
        'x-shopline-shop-domain': `${handle}.myshopline.com`,
        'x-shopline-shop-id': shops.get(handle)?.details.id ?? '',
        'x-shopline-api-version': FAKE_SHOPLINE_VERSION,
        'x-shopline-webhook-id': eventId,
      };
      try {
        const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
        return { topic, eventId, status: res.status, body: await res.text() };
      } catch (e) {
        return { topic, eventId, status: null, body: String(e) };
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeShopline = Awaited<ReturnType<typeof startFakeShopline>>;
