import { api, type RouteDef } from '@storecast/contract';
import { sampleInput, withValue } from '@storecast/contract/testing/sample-input';
import { products, shops, vipServices } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_OK, type FakeStripe, startFakeStripe } from '../test/fake-stripe/start-fake-stripe.ts';
import { makePng } from '../test/make-images.ts';
import { multipartBody } from '../test/multipart-body.ts';
import { signUp } from '../test/sign-up.ts';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';
import { REGISTERED } from './register-route.ts';

/**
 * Sends hostile values to every route the server has, with and without a session, and demands
 * that none answers 5xx and that every JSON answer under /api is the `{code,msg,data}` envelope.
 * Contract routes are enumerated from the app and their bodies and queries are built from their
 * own schemas, so a new route is fuzzed without anyone listing it; the routes outside the
 * contract (tracking, unsubscribe, media, sender confirmation, downloads, docs) are found in
 * fastify's route table and get hostile path parameters and queries.
 */

const BIG = `a@${'.'.repeat(200_000)} x`;
/** Values put into one body field at a time, chosen by what the field normally holds. */
const HOSTILE = {
  string: [BIG, 'a\u0000b', '\ud800', 'x\udc00y', '', '99999999999999999999', '0000-01-01T00:00:00Z', 2 ** 31, null, {}, deepNest(200)],
  number: [2 ** 31, 2 ** 53 + 2, -1, 1.5, 1e308, 'NaN', 'a\u0000b', null, []],
  other: ['a\u0000b', '\ud800', 2 ** 31, null, {}, [], deepNest(200)],
};
/** Without a session every field gets the same value at once: a few of each kind. */
const SOME_HOSTILE = [BIG, 'a\u0000b', '\ud800', 2 ** 31, 2 ** 53 + 2, 1e308, null, {}, deepNest(200)];
const hostileFor = (v: unknown) => (typeof v === 'string' ? HOSTILE.string : typeof v === 'number' ? HOSTILE.number : HOSTILE.other);

/** Values put into one query parameter at a time, already percent-encoded. */
const HOSTILE_QUERY = [
  encodeURIComponent(BIG.slice(0, 4000)), '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%FF',
  '2147483648', '99999999999999999999', '-1', '0', '1.5', 'NaN', '1e400', 'x',
];
/** Path parameters of the routes outside the contract. */
const HOSTILE_PARAM = ['x'.repeat(300), '%00', '%ED%A0%80', '%E0%A4%A', '99999999999999999999', '-1', 'NaN', '..%2F..%2Fetc%2Fpasswd', 'a.b.c'];

function deepNest(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const queryString = (q: Record<string, unknown>) =>
  Object.entries(q).map(([k, v]) => `${encodeURIComponent(k)}=${typeof v === 'string' && v.includes('%') ? v : encodeURIComponent(String(v))}`).join('&');

/** Routes fastify serves, parsed from its route tree: `[method, path]` for GET and POST. */
function routeTable(tree: string): [string, string][] {
  const out: [string, string][] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S*)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of (m[3] ?? '').split(', ')) if (method === 'GET' || method === 'POST') out.push([method, full]);
  }
  return out;
}

let t: TestApp;
let userToken = '';
let apiToken = '';
const failures: string[] = [];
let requests = 0;

/**
 * Sends one request and records what is wrong with the answer. Contract routes always answer the
 * envelope; the pages, images and files outside the contract may answer otherwise, but any JSON
 * they answer is the envelope too.
 */
async function send(
  method: string, url: string,
  opts: { body?: unknown; raw?: string; token?: string; contract?: boolean; multipart?: { contentType: string; payload: Buffer } } = {},
) {
  requests += 1;
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.multipart?.payload ?? opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] = opts.multipart?.contentType ?? 'application/json';
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
  // The fuzz may end the session (a request that changed the login, say): start another.
  if (opts.token === userToken && res.statusCode === 401) userToken = (await payingOwner()).token;
  const what = `${method} ${url.slice(0, 120)} ${payload ? payload.toString().slice(0, 160) : ''}`;
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  if (url.startsWith('/api/') && !url.startsWith('/api/docs') && (json || opts.contract !== false)) {
    let ok = false;
    try {
      const b = JSON.parse(res.body) as Record<string, unknown>;
      ok = typeof b.code === 'number' && typeof b.msg === 'string' && 'data' in b && !b.msg.startsWith('errors.');
    } catch { /* not JSON */ }
    if (!ok) failures.push(`no envelope (${res.statusCode}) ${what}: ${res.body.slice(0, 200)}`);
  }
  return res;
}

const session = () => userToken;
const OPERATOR_TOKEN = 'operator-token-of-the-fuzz-0123456789abcdef';
const tokenFor = (route: RouteDef) => (route.access === 'api-token' ? apiToken : route.access === 'operator' ? OPERATOR_TOKEN : userToken);
let publicKey = '';
/** A running lucky draw of the test store, so the fuzzed draws reach past "not running". */
let drawCampaign = '';
/**
 * A campaign of the session's store (which an earlier fuzzed request may have changed) in the state
 * a move starts from, named in the move's sample so it reaches past "not found".
 */
const FUZZ_DISCOUNT = { type: 'discount' as const, form: 'percent' as const, thresholds: [{ order_amount: 10, offer_value: 5 }], starts_at: null, ends_at: null };
async function withOwnCampaign<T>(route: RouteDef, v: T): Promise<T> {
  const moves: Record<string, boolean> = { '/campaign/enable': false, '/campaign/archive': false, '/campaign/restore': true, '/campaign/close': false };
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  // The sample's offer equals its order amount and its window is empty, which the offer rules refuse before anything is stored.
  if (route.path === '/campaign/save') return { ...v, campaign: { ...(v as unknown as { campaign: object }).campaign, ...FUZZ_DISCOUNT } };
  if (!(route.path in moves)) return v;
  const id = (await t.call(api.campaign.save, { token: userToken, body: { campaign: { name: 'Fuzz move', ...FUZZ_DISCOUNT } } })).body.data.campaign.id;
  if (moves[route.path]) await t.call(api.campaign.archive, { token: userToken, body: { id } });
  return { ...v, id };
}
/**
 * The link generator's samples: a destination on the session store's own homepage (the sample's
 * string is no URL of it), and a saved link of that store to delete, so the fuzz reaches past
 * the host check and "not found".
 */
async function withOwnLink<T>(route: RouteDef, v: T): Promise<T> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  if (route.path !== '/campaign/link-create' && route.path !== '/campaign/link-delete') return v;
  const [shop] = await t.deps.dbh.db.select({ home: shops.homepageUrl }).from(shops).where(eq(shops.id, await sessionStore()));
  const link = { destination: `${shop?.home ?? 'https://fuzz.example.com'}/fuzz?x=1`, utm_source: 'fuzz', utm_medium: 'qr', utm_campaign: 'fuzz', campaign_id: null };
  if (route.path === '/campaign/link-create') return { ...v, ...link };
  const saved = await t.call(api.campaignLink.create, { token: userToken, body: link });
  return { ...v, id: saved.body.data?.id ?? '' };
}
/** Storefront routes name their store by its public key and a visitor: their samples carry the test store's and a valid id, so the fuzz reaches past them. */
const withStoreKey = <T>(route: RouteDef, v: T): T =>
  route.access === 'storefront' && v && typeof v === 'object' && !Array.isArray(v)
    ? { ...v, key: publicKey, ...('campaign_id' in v ? { campaign_id: drawCampaign } : {}), ...('visitor_id' in v ? { visitor_id: FUZZ_VISITOR } : {}) } : v;
/** A well-formed visitor id: the sample's string is not one, and would stop every storefront call at it. */
const FUZZ_VISITOR = 'fuzzVisitor_0123456789';

let fakeStripe: FakeStripe;

/** The store the session acts on now (a fuzzed request may have started a new session). */
const sessionStore = async () => (await t.call(api.auth.info, { token: userToken })).body.data?.shop_id ?? '';
/**
 * Stores a body names (`shop_id`, `shop_ids`, the operator's `store`) are the session's own, so
 * access management's and the operator's samples reach past "not yours" and "no such store".
 */
const withOwnStores = <T>(v: T, shopId: string): T => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out = { ...v } as Record<string, unknown>;
  if ('shop_ids' in out) out.shop_ids = [shopId];
  if ('shop_id' in out) out.shop_id = shopId;
  if ('store' in out) out.store = shopId;
  return out as T;
};

/** A new owner on the professional level (gated routes open) with a saved card (purchases reach the provider). */
async function payingOwner() {
  const owner = await signUp(t);
  await t.deps.dbh.db.update(vipServices).set({ level: 3, months: 1, beginAt: new Date(), endAt: new Date(Date.now() + 20 * 86_400_000), paidMinor: 9900 })
    .where(eq(vipServices.shopId, owner.shopId));
  const setup = await t.call(api.billing.getSetupIntent, { token: owner.token });
  const setupIntent = setup.body.data.client_secret.split('_secret_')[0]!;
  await fakeStripe.confirmCardSetupDirect(setupIntent, CARD_OK);
  await t.call(api.billing.setPaymentMethod, { token: owner.token, body: { setup_intent_id: setupIntent } });
  return owner;
}

beforeAll(async () => {
  // Payments on the fake Stripe, so hostile input reaches past "payments not configured".
  fakeStripe = await startFakeStripe();
  t = await startTestApp({ stripe: fakeStripe.config, operatorToken: OPERATOR_TOKEN });
  const owner = await payingOwner();
  userToken = owner.token;
  publicKey = (await t.deps.dbh.db.select({ key: shops.publicKey }).from(shops).where(eq(shops.id, owner.shopId)))[0]!.key;
  const created = await t.call(api.apiToken.create, { token: userToken, body: { name: 'fuzz' } });
  apiToken = created.body.data.token;
  const prizes = [
    { kind: 'gift' as const, label: { 'zh-CN': '杯子', 'en-US': 'Mug' }, probability: 50, stock: 1000 },
    { kind: 'none' as const, label: { 'zh-CN': '谢谢', 'en-US': 'Thanks' }, probability: 50 },
  ];
  const wheel = await t.call(api.campaign.save, { token: userToken, body: { campaign: { name: 'Fuzz wheel', type: 'lucky_draw', form: 'spin_wheel', draw: { identity: 'visitor', period: 'once', prizes } } } });
  drawCampaign = wheel.body.data.campaign.id;
  await t.call(api.campaign.enable, { token: userToken, body: { id: drawCampaign } });
});

/**
 * The catalogue of the session's store (which the connect route moves to a new store) holds the
 * products the samples name ('sample', 'sample-1'…), so a sample Element Send reaches past the
 * product search and a sample block past "not in this store's catalogue". The unblock route,
 * fuzzed right after the block, takes 'sample' off the list again before Element Send's turn.
 */
async function stockSampleProducts() {
  const shopId = (await t.call(api.auth.info, { token: userToken })).body.data.shop_id;
  await t.deps.dbh.db.insert(products).values(['sample', 'sample-1', 'sample-2', 'sample-3', 'sample-4', 'sample-5'].map((id) => ({
    shopId, externalId: id, title: id, price: 100, currency: 'USD',
  }))).onConflictDoNothing();
}

afterAll(async () => {
  await t?.close();
  await fakeStripe?.close();
});

beforeEach(() => {
  failures.length = 0;
});

// Sign-out ends the session every other request uses: it goes last. Connecting a store moves the
// session to a new one (free level, no card): it goes just before.
const rank = (r: RouteDef) => (r.path.endsWith('/login-out') ? 2 : r.path === '/shop/connect' ? 1 : 0);
const order = (routes: RouteDef[]) => [...routes].sort((a, b) => rank(a) - rank(b));

describe('hostile input on every route', () => {
  it('finds the routes to fuzz in the app', () => {
    const contract = t.app[REGISTERED];
    expect(contract.length).toBeGreaterThan(60);
    const others = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(([m, p]) => !contract.some((r) => r.method === m && `/api${r.path}` === p));
    expect(others.map(([, p]) => p)).toEqual(expect.arrayContaining(['/api/public/o/:token', '/media/:name', '/api/public/sender/confirm', '/api/docs/json',
      '/api/platforms/:platform/install', '/api/platforms/:platform/callback', '/api/public/l/:code']));
  });

  it('body fields: one hostile value at a time, with a session', { timeout: 600_000 }, async () => {
    const bodyRoutes = order(t.app[REGISTERED].filter((r) => r.body));
    let accepted = 0;
    const refused: string[] = [];
    for (const route of bodyRoutes) {
      const { value: sample, leaves } = sampleInput(route.body);
      const base = await withOwnLink(route, await withOwnCampaign(route, withOwnStores(withStoreKey(route, sample), await sessionStore())));
      const url = `/api${route.path}`;
      if (route.path.startsWith('/element/') || route.path === '/product/block') await stockSampleProducts();
      // The sample itself passes most routes, so a hostile field is what a refusal is about.
      const plain = (await send(route.method, url, { body: base, token: tokenFor(route) })).json() as { code: number; msg: string };
      if (plain.code === 100) accepted += 1;
      else refused.push(`${route.path}: ${plain.msg}`);
      for (const leaf of leaves) {
        for (const value of hostileFor(leaf.value)) await send(route.method, url, { body: withValue(base, leaf.path, value), token: tokenFor(route) });
      }
      // The whole body hostile, and a key that cannot be stored.
      for (const value of [null, [], 'x', 1, { '\u0000': 1, 'a\ud800': 'x' }]) await send(route.method, url, { body: value, token: tokenFor(route) });
    }
    expect(failures).toEqual([]);
    expect(accepted, `samples refused:\n${refused.join('\n')}`).toBeGreaterThan(bodyRoutes.length / 2);
  });

  it('query fields: one hostile value at a time, with a session', { timeout: 300_000 }, async () => {
    for (const route of t.app[REGISTERED].filter((r) => r.query)) {
      const base = withStoreKey(route, sampleInput(route.query).value as Record<string, unknown>);
      for (const key of Object.keys(base)) {
        for (const value of HOSTILE_QUERY) {
          await send(route.method, `/api${route.path}?${queryString({ ...base, [key]: value })}`, { token: tokenFor(route) });
        }
      }
      await send(route.method, `/api${route.path}?${queryString(base)}&%00=1&a%ED%A0%80=1&x[y][z]=1`, { token: tokenFor(route) });
    }
    expect(failures).toEqual([]);
  });

  it('every route without a session, each hostile value in every field at once', { timeout: 300_000 }, async () => {
    for (const route of order(t.app[REGISTERED])) {
      const url = `/api${route.path}`;
      if (route.body) {
        const { value: base, leaves } = sampleInput(route.body);
        for (const value of SOME_HOSTILE) {
          let body = base;
          // Deepest first, so a replaced object does not hide the fields below it.
          for (const leaf of [...leaves].reverse()) body = withValue(body, leaf.path, value);
          await send(route.method, url, { body });
        }
      } else {
        await send(route.method, `${url}?${queryString(route.query ? (sampleInput(route.query).value as Record<string, unknown>) : {})}`);
      }
      for (const value of ['%00', '%ED%A0%80', '99999999999999999999', 'NaN']) await send(route.method, `${url}?id=${value}&token=${value}`);
    }
    expect(failures).toEqual([]);
  });

  it('a body that is not a JSON object is refused as such on every route that reads one', { timeout: 300_000 }, async () => {
    const msg = 'The request body is not accepted: send a JSON object.';
    const wrong: { raw: string; type: string }[] = [
      { raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
      { raw: 'a=b', type: 'application/x-www-form-urlencoded' },
      { raw: '[{"a":1}]', type: 'application/json' },
      { raw: '"a"', type: 'application/json' },
      { raw: '1', type: 'application/json' },
      { raw: 'null', type: 'application/json' },
    ];
    const misread: string[] = [];
    for (const route of order(t.app[REGISTERED].filter((r) => r.body))) {
      // Without a session: the body is refused before anyone is asked who is calling.
      for (const w of [...wrong, ...(route.access === 'storefront' ? [] : [{ raw: '{"a":1}', type: 'text/plain' }])]) {
        const res = await t.app.inject({ method: route.method as 'POST', url: `/api${route.path}`, headers: { 'content-type': w.type, 'accept-language': 'en-US' }, payload: w.raw });
        const body = res.json() as { msg: string };
        if (res.statusCode !== 429 && (res.statusCode < 400 || res.statusCode >= 500 || body.msg !== msg)) misread.push(`${route.path} ${w.type} ${w.raw}: ${res.statusCode} ${body.msg}`);
      }
    }
    expect(misread).toEqual([]);
  });

  it('oversized, malformed and deeply nested bodies, a too long URL, unknown paths', { timeout: 300_000 }, async () => {
    const huge = JSON.stringify({ x: 'a'.repeat(1_100_000) });
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const route of order(t.app[REGISTERED].filter((r) => r.method === 'POST'))) {
      const url = `/api${route.path}`;
      const token = tokenFor(route);
      for (const raw of [huge, deep, '{"a":', '\u0000', '{"a":"\\ud800"}', '{"__proto__":{"x":1}}']) await send('POST', url, { raw, token });
    }
    // Uploads (contract routes without a JSON body): hostile file names and contents.
    for (const route of t.app[REGISTERED].filter((r) => r.method === 'POST' && !r.body)) {
      for (const name of ['a\u0000.csv', 'a\u0000.png', `${'x'.repeat(5000)}.png`, '../../../etc/passwd.png', '.csv', '\u0000']) {
        for (const content of [Buffer.from('email\nfuzz@example.com\n'), makePng(8, 2)]) {
          await send('POST', `/api${route.path}`, { token: tokenFor(route), multipart: multipartBody(name, content) });
        }
      }
    }
    await send('GET', `/api/health?${'a'.repeat(100_000)}=1`);
    await send('GET', `/api/${'x'.repeat(100_000)}`);
    await send('POST', '/api/no-such-route', { body: {} });
    await send('GET', '/api/no-such-route');
    expect(failures).toEqual([]);
  });

  it('routes outside the contract: hostile path parameters and queries', { timeout: 300_000 }, async () => {
    const contract = t.app[REGISTERED];
    const others = routeTable(t.app.printRoutes({ commonPrefix: false }))
      .filter(([m, p]) => !contract.some((r) => r.method === m && `/api${r.path}` === p));
    for (const [method, pattern] of others) {
      for (const token of [undefined, session()]) {
        // The live stream never ends by itself and inject waits for the end: it is fuzzed without a
        // session here; with one, it is read over a real connection in modules/liveview/liveview.test.ts.
        if (pattern === '/api/liveview/stream' && token) continue;
        for (const param of HOSTILE_PARAM) {
          const url = pattern.replace(/:\w+/g, param).replace(/\*$/, param);
          await send(method, url, { token, contract: false, ...(method === 'POST' ? { body: { x: param } } : {}) });
        }
        for (const value of HOSTILE_QUERY) {
          const url = pattern.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
          await send(method, `${url}?id=${value}&token=${value}&name=${value}`, { token, contract: false, ...(method === 'POST' ? { raw: `{"a":"\\ud800\\u0000"}` } : {}) });
        }
      }
    }
    expect(failures).toEqual([]);
    // Bounded: the suite runs on a busy 2-core machine.
    expect(requests).toBeLessThan(20_000);
  });
});
