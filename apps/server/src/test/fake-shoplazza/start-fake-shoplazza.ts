import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeShoplazzaShop, newFakeShop } from './fake-shoplazza-shop.ts';
import { signShoplazzaBody, signShoplazzaQuery } from './sign-shoplazza.ts';

export const FAKE_SHOPLAZZA_VERSION = '2025-06';

export interface WebhookOptions { to?: string; eventId?: string; badSignature?: boolean }
export interface FakeShoplazzaDelivery { topic: string; eventId: string; status: number | null; body: string }

/**
 * A Shoplazza on loopback speaking the OpenAPI for what the connector uses, several shops on one
 * port under `/{shop}` (the connector's base URL `http://127.0.0.1:PORT/{shop}` stands for
 * `https://{shop}`): the OAuth authorization-code grant (`/admin/oauth/authorize` approves at once
 * and redirects with `code, shop, state, hmac`; `/admin/oauth/token` trades a form-encoded code
 * once), `GET /openapi/{version}/shop`, the customer, order and product lists with cursor paging
 * (`cursor`, `page_size` up to 250, `has_more`), webhook subscriptions, 429 with `Retry-After` on
 * demand, and signed webhooks.
 */
export async function startFakeShoplazza(opts: { clientId: string; clientSecret: string }) {
  const shops = new Map<string, FakeShoplazzaShop>();
  const codes = new Map<string, { shop: string; scope: string }>();
  /** Every OpenAPI request, with its time, to check the connector's pace. */
  const requests: { shop: string; path: string; at: number; status: number }[] = [];
  let throttled = { left: 0, retryAfter: 1 };
  /** How long an access token lives; Shoplazza's are valid for a limited time and come with a refresh token. */
  let tokenLifetimeS = 31_536_000;
  let refreshes = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  function authorize(shop: FakeShoplazzaShop, q: URLSearchParams, res: ServerResponse) {
    const redirect = q.get('redirect_uri');
    if (q.get('client_id') !== opts.clientId || !redirect || q.get('response_type') !== 'code') return send(res, 400, { error: 'invalid_request' });
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop: shop.domain, scope: q.get('scope') ?? '' });
    const params: Record<string, string> = { code, shop: shop.domain };
    if (q.get('state') !== null) params.state = q.get('state') as string;
    const location = new URL(redirect);
    for (const [k, v] of Object.entries({ ...params, hmac: signShoplazzaQuery(params, opts.clientSecret) })) location.searchParams.set(k, v);
    res.writeHead(302, { location: location.href });
    res.end();
  }

  /** A new access token and refresh token, the access token living `tokenLifetimeS`. */
  function grant(shop: FakeShoplazzaShop, scope: string) {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    shop.tokens.set(access, scope);
    shop.tokenExpiry.set(access, Date.now() + tokenLifetimeS * 1000);
    shop.refreshTokens.set(refresh, scope);
    const created = Math.floor(Date.now() / 1000);
    return {
      access_token: access, token_type: 'Bearer', expires_in: tokenLifetimeS, expires_at: created + tokenLifetimeS, refresh_token: refresh,
      created_at: created, store_id: String(shop.details.id), store_name: shop.details.name,
    };
  }

  function token(shop: FakeShoplazzaShop, contentType: string, raw: string, res: ServerResponse) {
    if (!contentType.includes('application/x-www-form-urlencoded')) return send(res, 400, { error: 'invalid_request' });
    const f = new URLSearchParams(raw);
    if (f.get('client_id') !== opts.clientId || f.get('client_secret') !== opts.clientSecret) return send(res, 401, { error: 'invalid_client' });
    // The refresh grant: a refresh token works once; the access token it replaces stops working.
    if (f.get('grant_type') === 'refresh_token') {
      const refresh = f.get('refresh_token') ?? '';
      const scope = shop.refreshTokens.get(refresh);
      if (scope === undefined) return send(res, 400, { error: 'invalid_grant' });
      shop.refreshTokens.delete(refresh);
      refreshes += 1;
      return send(res, 200, grant(shop, scope));
    }
    const code = codes.get(f.get('code') ?? '');
    if (f.get('grant_type') !== 'authorization_code' || !code || code.shop !== shop.domain) return send(res, 400, { error: 'invalid_grant' });
    codes.delete(f.get('code') ?? '');
    send(res, 200, grant(shop, code.scope));
  }

  function list(shop: FakeShoplazzaShop, key: 'customers' | 'orders' | 'products', q: URLSearchParams, res: ServerResponse) {
    const size = Math.min(250, Math.max(1, Number(q.get('page_size') ?? q.get('limit') ?? 10) || 10));
    let start = 0;
    const cursor = q.get('cursor');
    if (cursor) {
      const parsed = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^offset:/, ''));
      if (!Number.isInteger(parsed) || parsed < 0) return send(res, 400, { code: 'InvalidParameter', message: 'invalid cursor' });
      start = parsed;
    }
    const min = q.get('created_at_min');
    const all = min ? shop[key].filter((r) => Date.parse(String(r.created_at)) >= Date.parse(min)) : shop[key];
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    send(res, 200, {
      code: 'Success', message: '',
      data: { [key]: page, cursor: more ? Buffer.from(`offset:${start + size}`).toString('base64url') : '', has_more: more },
    });
  }

  async function openapi(shop: FakeShoplazzaShop, req: IncomingMessage, path: string, q: URLSearchParams, res: ServerResponse) {
    const tokenHeader = String(req.headers['access-token'] ?? '');
    if (!shop.tokens.has(tokenHeader)) return send(res, 401, { error: 'store is not active' });
    if ((shop.tokenExpiry.get(tokenHeader) ?? Infinity) <= Date.now()) return send(res, 401, { error: 'access token expired' });
    if (throttled.left > 0) {
      throttled.left -= 1;
      return send(res, 429, { errors: ['Too Many Requests'] }, { 'retry-after': String(throttled.retryAfter) });
    }
    const rest = path.replace(new RegExp(`^/openapi/${FAKE_SHOPLAZZA_VERSION}/`), '').replace(/\.json$/, '');
    if (req.method === 'GET' && rest === 'shop') return send(res, 200, { shop: { ...shop.details, system_domain: shop.domain } });
    if (req.method === 'GET' && (rest === 'customers' || rest === 'orders' || rest === 'products')) return list(shop, rest, q, res);
    if (req.method === 'GET' && rest === 'webhooks') return send(res, 200, { webhooks: shop.webhooks });
    if (req.method === 'POST' && rest === 'webhooks') {
      let body: { address?: unknown; topic?: unknown } = {};
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, 400, { errors: ['invalid json'] });
      }
      if (typeof body.address !== 'string' || typeof body.topic !== 'string') return send(res, 422, { errors: ['address and topic are required'] });
      if (shop.webhooks.some((w) => w.address === body.address && w.topic === body.topic)) return send(res, 422, { errors: ['topic already subscribed'] });
      const hook = { id: randomUUID(), topic: body.topic, address: body.address, format: 'json', created_at: new Date().toISOString() };
      shop.webhooks.push(hook);
      return send(res, 200, { webhook: hook });
    }
    const done = await discounts(shop, req, rest, q, res);
    if (done) return;
    if (req.method === 'GET' && rest === 'themes') {
      const themes = shop.themes.map(({ files: _files, ...t }) => ({ ...t, locale: 'en-US', updated_at: String(Math.floor(Date.now() / 1000)) }));
      return send(res, 200, { count: String(themes.length), themes });
    }
    const asset = /^themes\/([^/]+)\/assets$/.exec(rest);
    if (req.method === 'GET' && asset) {
      const value = shop.themes.find((t) => t.id === asset[1])?.files.get(q.get('key') ?? '');
      return value === undefined ? send(res, 404, { error: 'asset not found' }) : send(res, 200, { asset: { key: q.get('key'), value } });
    }
    if (req.method === 'GET' && rest === 'script_tags') return send(res, 200, { code: 'Success', message: '', data: { script_tags: shop.scriptTags } });
    return send(res, 404, { error: 'page not found' });
  }

  /**
   * Price rules and their discount codes (2025-06): a price rule is made with its fields at the
   * top of the body and answered in `data.price_rule`; a code under it is `{ discount_code: {
   * code } }`, answered in `data.discount_codes`, refused 422 when the shop has the code already;
   * `discount_codes` lists every code by `page` and `limit`. `GET price_rules/{id}` answers the rule
 * in `data.price_rule`; an update (`PUT price_rules/{id}`) must carry the title, value, value type,
 * target selection, start and end, as the reference says.
   */
  async function discounts(shop: FakeShoplazzaShop, req: IncomingMessage, rest: string, q: URLSearchParams, res: ServerResponse): Promise<boolean> {
    const json = async () => {
      try {
        return JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    if (req.method === 'POST' && rest === 'price_rules') {
      const b = await json();
      const value = Number(b?.value);
      if (!b || typeof b.title !== 'string' || !['percentage', 'fixed_amount'].includes(String(b.value_type)) || !Number.isFinite(value)
        || !['all', 'entitled'].includes(String(b.target_selection)) || typeof b.starts_at !== 'string') {
        send(res, 422, { code: 'InvalidParameter', message: 'title, value, value_type, target_selection and starts_at are required' });
        return true;
      }
      const rule = { ...b, id: randomUUID(), value, created_at: new Date().toISOString() };
      shop.priceRules.push(rule);
      send(res, 200, { code: 'Success', message: '', data: { price_rule: rule } });
      return true;
    }
    const ruleMatch = /^price_rules\/([^/]+)(\/discount_codes)?$/.exec(rest);
    const rule = ruleMatch ? shop.priceRules.find((r) => r.id === ruleMatch[1]) : undefined;
    if (ruleMatch && !rule) {
      send(res, 404, { code: 'NotFound', message: 'price rule not found' });
      return true;
    }
    if (rule && !ruleMatch![2] && req.method === 'DELETE') {
      shop.priceRules.splice(shop.priceRules.indexOf(rule), 1);
      shop.discountCodes = shop.discountCodes.filter((d) => d.price_rule_id !== rule.id);
      send(res, 200, { code: 'Success', message: '', data: {} });
      return true;
    }
    if (rule && !ruleMatch![2] && req.method === 'GET') {
      send(res, 200, { code: 'Success', message: '', data: { price_rule: rule } });
      return true;
    }
    if (rule && !ruleMatch![2] && req.method === 'PUT') {
      // "Update Price Rule" (openapi/2022-01) requires these body fields, unwrapped, in every update.
      const b = await json();
      const value = Number(b?.value);
      if (!b || typeof b.title !== 'string' || !['percentage', 'fixed_amount'].includes(String(b.value_type)) || !Number.isFinite(value)
        || !['all', 'entitled'].includes(String(b.target_selection)) || typeof b.starts_at !== 'string' || typeof b.ends_at !== 'string') {
        send(res, 422, { code: 'InvalidParameter', message: 'title, value, value_type, target_selection, starts_at and ends_at are required' });
        return true;
      }
      Object.assign(rule, b, { id: rule.id, value });
      send(res, 200, { code: 'Success', message: '', data: { price_rule: rule } });
      return true;
    }
    if (rule && ruleMatch![2] && req.method === 'POST') {
      const b = await json();
      const code = (b?.discount_code as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string' || !code) {
        send(res, 422, { code: 'InvalidParameter', message: 'discount_code.code is required' });
        return true;
      }
      if (shop.discountCodes.some((d) => String(d.code).toUpperCase() === code.toUpperCase())) {
        send(res, 422, { code: 'InvalidParameter', message: 'discount code already exists' });
        return true;
      }
      const made = { id: randomUUID(), price_rule_id: rule.id, code, usage_count: 0, created_at: new Date().toISOString() };
      shop.discountCodes.push(made);
      send(res, 200, { code: 'Success', message: '', data: { discount_codes: [made] } });
      return true;
    }
    if (req.method === 'GET' && rest === 'discount_codes') {
      const limit = Math.min(250, Math.max(1, Number(q.get('limit') ?? 50) || 50));
      const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
      send(res, 200, { page, limit, total: String(shop.discountCodes.length), data: shop.discountCodes.slice((page - 1) * limit, page * limit) });
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, shopDomain = '', ...rest] = url.pathname.split('/');
      const shop = shops.get(shopDomain);
      const path = `/${rest.join('/')}`;
      if (!shop) return send(res, 404, { error: 'store not found' });
      if (req.method === 'GET' && path === '/admin/oauth/authorize') return authorize(shop, url.searchParams, res);
      if (req.method === 'POST' && path === '/admin/oauth/token') return token(shop, String(req.headers['content-type'] ?? ''), await readBody(req), res);
      if (path.startsWith('/openapi/')) {
        await openapi(shop, req, path, url.searchParams, res);
        requests.push({ shop: shopDomain, path, at: Date.now(), status: res.statusCode });
        return;
      }
      return send(res, 404, { error: 'page not found' });
    })().catch((e: unknown) => send(res, 500, { error: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    /** The connector's base URL, `{shop}` standing for the shop's domain. */
    apiBase: `${origin}/{shop}`,
    origin,
    requests,
    addShop(domain: string, details: Partial<FakeShoplazzaShop['details']> = {}) {
      const shop = newFakeShop(domain, details);
      shops.set(domain, shop);
      return shop;
    },
    shop: (domain: string) => shops.get(domain),
    /** The query Shoplazza adds when a merchant installs the app: `hmac, install_from, shop, store_id`. */
    installQuery(domain: string, secret = opts.clientSecret): URLSearchParams {
      const params = { install_from: 'app_store', shop: domain, store_id: String(shops.get(domain)?.details.id ?? 1) };
      return new URLSearchParams({ hmac: signShoplazzaQuery(params, secret), ...params });
    },
    /** Access tokens granted from now on live this long. */
    setTokenLifetime(seconds: number) {
      tokenLifetimeS = seconds;
    },
    /** Every access token of the shop stops working now (its refresh tokens still work). */
    expireTokens(domain: string) {
      const shop = shops.get(domain);
      for (const t of shop?.tokens.keys() ?? []) shop!.tokenExpiry.set(t, Date.now() - 1000);
    },
    /** The merchant took the app's authorisation away: no token or refresh token of the shop works. */
    revoke(domain: string) {
      shops.get(domain)?.tokens.clear();
      shops.get(domain)?.refreshTokens.clear();
    },
    /**
     * Switches the app embed in the live theme's `config/settings_data.json`, as the theme editor
     * does: a block `shoplazza://apps/<app>/blocks/<block>/<id>`, `disabled` when off.
     */
    setAppEmbed(domain: string, app: string, block: string, enabled: boolean) {
      const live = shops.get(domain)?.themes.find((t) => t.published === '1');
      live?.files.set('config/settings_data.json', JSON.stringify({
        current: { blocks: { 'a1b2c3': { type: `shoplazza://apps/${app}/blocks/${block}/7d1e9b2c`, disabled: !enabled, settings: {} } } },
      }));
    },
    /** How many refresh grants were answered with a new token. */
    refreshCount: () => refreshes,
    /** The next `count` OpenAPI calls are answered 429 with `Retry-After: seconds`. */
    throttle(count: number, retryAfter = 1) {
      throttled = { left: count, retryAfter };
    },
    /** POSTs one webhook as Shoplazza does, to the shop's subscription for the topic (or `to`). */
    async sendWebhook(domain: string, topic: string, payload: unknown, o: WebhookOptions = {}): Promise<FakeShoplazzaDelivery> {
      const url = o.to ?? shops.get(domain)?.webhooks.find((w) => w.topic === topic)?.address;
      if (!url) throw new Error(`no subscription to ${topic}`);
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const eventId = o.eventId ?? randomUUID();
      const headers = {
        'content-type': 'application/json',
        'x-shoplazza-topic': topic,
        'x-shoplazza-hmac-sha256': signShoplazzaBody(body, o.badSignature ? `${opts.clientSecret}-forged` : opts.clientSecret),
        'x-shoplazza-shop-domain': domain,
        'x-shoplazza-api-version': FAKE_SHOPLAZZA_VERSION,
        'x-shoplazza-deduplication-id': eventId,
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

export type FakeShoplazza = Awaited<ReturnType<typeof startFakeShoplazza>>;
