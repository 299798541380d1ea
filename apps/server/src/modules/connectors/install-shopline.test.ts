import { api } from '@storecast/contract';
import { platformClaims, platformConnections, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShopline, startFakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import { signShoplineQuery } from '../../test/fake-shopline/sign-shopline.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { openToken, tokenContext } from './channel-shop-token.ts';
import { FIRST_SYNC_QUEUE } from './claim-platform-store.ts';
import { nextPageInfo } from './shopline-api.ts';
import { SHOPLINE_WEBHOOK_TOPICS } from './subscribe-webhooks-shopline.ts';
import { expectPaced } from './test/expect-paced.ts';

/**
 * The Shopline install end to end against the fake Shopline on loopback (reached by its base URL
 * only): the app's URL, the authorize page, the callback, the claim, then reauthorisation; every
 * refusal on the way changes nothing and no token is ever sent back.
 */
const HANDLE = 'jade-tea';
const DOMAIN = `${HANDLE}.myshopline.com`;
let fake: FakeShopline;
let t: TestApp;
const answers: string[] = [];

beforeAll(async () => {
  fake = await startFakeShopline({ appKey: 'line-key', appSecret: 'line-secret' });
  fake.addShop(HANDLE, { name: 'Jade Tea House', currency: 'EUR', timezone: 'Europe/Paris', language: 'zh-CN', domain: 'jadetea.example.com' });
  t = await startTestApp({ platformApps: { shopline: { apiKey: fake.appKey, apiSecret: fake.appSecret, apiBase: fake.apiBase } } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...headers } });
  answers.push(res.body, JSON.stringify(res.headers));
  return res;
};
const written = async () => ({
  claims: await t.deps.dbh.db.select().from(platformClaims),
  links: await t.deps.dbh.db.select().from(platformConnections),
  tokens: fake.shop(HANDLE)!.tokens.size,
});

/** From the app's URL to the callback's answer, through the fake's authorize page. */
async function install(tamper?: (callback: URL) => void, cookieOf?: (cookie: string) => string) {
  const begin = await get(`/api/platforms/shopline/install?${fake.installQuery(HANDLE)}`);
  expect(begin.statusCode, begin.body).toBe(302);
  const authorize = String(begin.headers.location);
  const setCookie = String([begin.headers['set-cookie']].flat()[0]);
  const cookie = setCookie.split(';')[0]!;
  const callback = fake.approve(authorize);
  tamper?.(callback);
  const done = await get(`${callback.pathname}${callback.search}`, { cookie: cookieOf ? cookieOf(cookie) : cookie });
  return { begin, authorize, callback, setCookie, done };
}
/** Re-signs a changed callback as Shopline would, so only the changed value is wrong. */
const resign = (cb: URL, change: Record<string, string>) => {
  const params = { ...Object.fromEntries(cb.searchParams), ...change };
  delete params.sign;
  cb.search = new URLSearchParams({ ...params, sign: signShoplineQuery(params, fake.appSecret) }).toString();
};

describe('installing from Shopline', () => {
  let shopId = '';

  it('sends the owner to the store\'s authorize page with a state nonce, trades the code and waits as a claim', async () => {
    const { authorize, setCookie, done } = await install();
    expect(authorize.startsWith(`${fake.origin}/${DOMAIN}/admin/oauth-web/#/oauth/authorize?`)).toBe(true);
    const q = new URLSearchParams(authorize.split('?')[1]);
    expect(q.get('appKey')).toBe('line-key');
    expect(q.get('redirectUri')).toBe(`${t.deps.config.publicUrl}/api/platforms/shopline/callback`);
    expect(q.get('scope')).toContain('read_customers');
    expect(setCookie).toMatch(/Path=\/api\/platforms\/shopline\/callback;.*HttpOnly/);
    expect(done.statusCode, done.body).toBe(302);
    expect(String(done.headers.location)).toMatch(new RegExp(`^${t.deps.config.publicUrl}/connect/plat\\?claim=[A-Za-z0-9_-]{43}$`));
    expect(String([done.headers['set-cookie']].flat()[0])).toMatch(/^shopline_app_state=; Path=\/api\/platforms\/shopline\/callback; Max-Age=0/);
    const [claim] = await t.deps.dbh.db.select().from(platformClaims);
    expect(claim).toMatchObject({ platform: 'shopline', shopDomain: DOMAIN, usedAt: null });
    const token = await openToken(t.deps, claim!.sealedToken, tokenContext.claim('shopline', DOMAIN));
    expect(fake.shop(HANDLE)!.tokens.has(token)).toBe(true);
    expect(claim!.sealedToken).not.toContain(token);
    await waitFor(async () => fake.shop(HANDLE)!.webhooks.length === SHOPLINE_WEBHOOK_TOPICS.length, 20_000);
    const hooks = fake.shop(HANDLE)!.webhooks;
    expect(new Set(hooks.map((w) => w.address))).toEqual(new Set([`${t.deps.config.publicUrl}/api/platforms/shopline/webhooks`]));
    expect(new Set(hooks.map((w) => w.api_version))).toEqual(new Set(['v20251201']));
    // Four requests a second at most.
    const times = fake.requests.filter((r) => r.handle === HANDLE).map((r) => r.at);
    expectPaced(times, 250);
  }, 30_000);

  it('the owner claims it: the store has the shop\'s name, currency and time zone, the token sealed to it, and its first sync queued', async () => {
    const { done } = await install();
    const claim = new URL(String(done.headers.location)).searchParams.get('claim') ?? '';
    const owner = await signUp(t, { store: false });
    const res = await t.call(api.channelShop.claim, { token: owner.token, body: { claim } });
    answers.push(JSON.stringify(res.body));
    expect(res.body.code, res.body.msg).toBe(100);
    shopId = res.body.data.shop_id;
    const store = await t.call(api.shop.info, { token: owner.token });
    answers.push(JSON.stringify(store.body));
    expect(store.body.data).toMatchObject({
      name: 'Jade Tea House', platform: 'shopline', platform_domain: DOMAIN, homepage_url: 'https://jadetea.example.com',
      currency: 'EUR', timezone: 'Europe/Paris', language: 'zh-CN',
    });
    const [link] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    expect(link).toMatchObject({ platform: 'shopline', shopDomain: DOMAIN, status: 'authorized' });
    expect(fake.shop(HANDLE)!.tokens.has(await openToken(t.deps, link!.sealedToken, tokenContext.link(shopId, 'shopline')))).toBe(true);
    expect(await t.deps.jobs.liveJobData(FIRST_SYNC_QUEUE)).toContainEqual({ shopId, platform: 'shopline' });
  }, 30_000);

  it('reauthorises an uninstalled store with the new token', async () => {
    await t.deps.dbh.db.update(platformConnections).set({ status: 'uninstalled' }).where(eq(platformConnections.shopId, shopId));
    await t.deps.dbh.db.update(shops).set({ installStatus: 0 }).where(eq(shops.id, shopId));
    const [old] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    const { done } = await install();
    expect(done.headers.location).toBe(`${t.deps.config.publicUrl}/dashboard`);
    const [link] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    expect(link!.status).toBe('authorized');
    expect(link!.sealedToken).not.toBe(old!.sealedToken);
    expect((await t.deps.dbh.db.select({ s: shops.installStatus }).from(shops).where(eq(shops.id, shopId)))[0]!.s).toBe(1);
  }, 30_000);

  it('refuses a forged sign, an old timestamp, another app, a bad handle, a changed or missing state and a used code, writing nothing', async () => {
    const before = await written();
    const forged = await get(`/api/platforms/shopline/install?${fake.installQuery(HANDLE, 'not-the-secret')}`);
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: expect.any(Number), data: null });
    expect((await get(`/api/platforms/shopline/install?${fake.installQuery(HANDLE, fake.appSecret, Date.now() - 11 * 60_000)}`)).statusCode).toBe(401);
    expect((await get(`/api/platforms/shopline/install?handle=${HANDLE}`)).statusCode).toBe(401);
    const other = { appkey: 'another-app', handle: HANDLE, lang: 'en', timestamp: String(Date.now()) };
    expect((await get(`/api/platforms/shopline/install?${new URLSearchParams({ ...other, sign: signShoplineQuery(other, fake.appSecret) })}`)).statusCode).toBe(401);
    const foreign = { appkey: fake.appKey, handle: 'evil.example.com', lang: 'en', timestamp: String(Date.now()) };
    expect((await get(`/api/platforms/shopline/install?${new URLSearchParams({ ...foreign, sign: signShoplineQuery(foreign, fake.appSecret) })}`)).statusCode).toBe(400);

    expect((await install((cb) => resign(cb, { customField: 'someone-elses-state' }))).done.statusCode).toBe(401);
    expect((await install((cb) => cb.searchParams.set('sign', 'a'.repeat(64)))).done.statusCode).toBe(401);
    expect((await install((cb) => resign(cb, { code: 'not-a-code' }))).done.statusCode).toBe(401);
    const noCookie = await install(undefined, () => '');
    expect(noCookie.done.statusCode).toBe(401);
    expect((await install(undefined, (c) => `${c.slice(0, -2)}xx`)).done.statusCode).toBe(401);
    for (const value of ['%E0%A4%A', 'x'.repeat(5000), '.', 'a.b.c']) {
      expect((await install(undefined, () => `shopline_app_state=${value}`)).done.statusCode).toBe(401);
    }
    expect(await written()).toEqual(before);
    // The refused callback's code is still good with its cookie (a reauthorisation); a second use is refused.
    const cookie = noCookie.setCookie.split(';')[0]!;
    expect((await get(`${noCookie.callback.pathname}${noCookie.callback.search}`, { cookie })).statusCode).toBe(302);
    expect((await get(`${noCookie.callback.pathname}${noCookie.callback.search}`, { cookie })).statusCode).toBe(401);
    expect(fake.shop(HANDLE)!.tokens.size).toBe(before.tokens + 1);
  }, 60_000);

  it('answers 409 on a server without the Shopline app', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/api/platforms/shopline/install?${fake.installQuery(HANDLE)}`, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });

  it('reads the next page from a Link header', () => {
    const next = 'https://x.myshopline.com/admin/openapi/v20251201/orders.json?limit=2&page_info=abc';
    expect(nextPageInfo(`<https://x/p?page_info=prev>; rel="previous", <${next}>; rel="next"`)).toBe('abc');
    expect(nextPageInfo(`<https://x/p?page_info=prev>; rel="previous"`)).toBeNull();
    expect(nextPageInfo(null)).toBeNull();
  });

  it('never sends an access token back', () => {
    const tokens = [...fake.shop(HANDLE)!.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(2);
    for (const token of tokens) expect(answers.filter((a) => a.includes(token))).toEqual([]);
  });
});
