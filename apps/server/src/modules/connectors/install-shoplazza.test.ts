import { api } from '@storecast/contract';
import { platformClaims, platformConnections, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShoplazza, startFakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import { signShoplazzaQuery } from '../../test/fake-shoplazza/sign-shoplazza.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { openToken, tokenContext } from './channel-shop-token.ts';
import { FIRST_SYNC_QUEUE } from './claim-platform-store.ts';
import { timeZoneOfOffset } from './read-shop-shoplazza.ts';
import { SHOPLAZZA_WEBHOOK_TOPICS } from './subscribe-webhooks-shoplazza.ts';
import { expectPaced } from './test/expect-paced.ts';

/**
 * The Shoplazza install end to end against the fake Shoplazza on loopback (the connector reaches
 * it by its base URL only): the app's URL, the authorize page, the callback, the claim, then
 * reauthorisation; every refusal on the way changes nothing and no token is ever sent back.
 */
const SHOP = 'jade-tea.myshoplaza.com';
let fake: FakeShoplazza;
let t: TestApp;
const answers: string[] = [];

beforeAll(async () => {
  fake = await startFakeShoplazza({ clientId: 'lazza-key', clientSecret: 'lazza-secret' });
  fake.addShop(SHOP, { name: 'Jade Tea House', currency: 'EUR', timezone: '+0100', primary_locale: 'zh-CN', domain: 'jadetea.example.com' });
  t = await startTestApp({ platformApps: { shoplazza: { apiKey: fake.clientId, apiSecret: fake.clientSecret, apiBase: fake.apiBase } } });
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
  tokens: fake.shop(SHOP)!.tokens.size,
});

/** From the app's URL to the callback's answer, through the fake's authorize page. */
async function install(tamper?: (callback: URL) => void, cookieOf?: (cookie: string) => string) {
  const begin = await get(`/api/platforms/shoplazza/install?${fake.installQuery(SHOP)}`);
  expect(begin.statusCode, begin.body).toBe(302);
  const authorize = new URL(String(begin.headers.location));
  const setCookie = String([begin.headers['set-cookie']].flat()[0]);
  const cookie = setCookie.split(';')[0]!;
  const approve = await fetch(authorize, { redirect: 'manual' });
  expect(approve.status).toBe(302);
  const callback = new URL(approve.headers.get('location') ?? '');
  tamper?.(callback);
  const done = await get(`${callback.pathname}${callback.search}`, { cookie: cookieOf ? cookieOf(cookie) : cookie });
  return { begin, authorize, callback, setCookie, done };
}

describe('installing from Shoplazza', () => {
  let shopId = '';
  let owner: Awaited<ReturnType<typeof signUp>>;

  it('sends the owner to the shop\'s authorize page with a state nonce, trades the code and waits as a claim', async () => {
    const { authorize, setCookie, done } = await install();
    expect(authorize.href.startsWith(`${fake.origin}/${SHOP}/admin/oauth/authorize?`)).toBe(true);
    expect(authorize.searchParams.get('client_id')).toBe('lazza-key');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.deps.config.publicUrl}/api/platforms/shoplazza/callback`);
    expect(authorize.searchParams.get('scope')).toContain('read_customer');
    expect(setCookie).toMatch(/Path=\/api\/platforms\/shoplazza\/callback;.*HttpOnly/);
    expect(done.statusCode, done.body).toBe(302);
    expect(String(done.headers.location)).toMatch(new RegExp(`^${t.deps.config.publicUrl}/connect/plat\\?claim=[A-Za-z0-9_-]{43}$`));
    // The used state cookie is cleared on its own path.
    expect(String([done.headers['set-cookie']].flat()[0])).toMatch(/^shoplazza_app_state=; Path=\/api\/platforms\/shoplazza\/callback; Max-Age=0/);
    const [claim] = await t.deps.dbh.db.select().from(platformClaims);
    expect(claim).toMatchObject({ platform: 'shoplazza', shopDomain: SHOP, usedAt: null });
    const token = await openToken(t.deps, claim!.sealedToken, tokenContext.claim('shoplazza', SHOP));
    expect(fake.shop(SHOP)!.tokens.has(token)).toBe(true);
    expect(claim!.sealedToken).not.toContain(token);
    // Webhooks are subscribed in the background, each topic once, at the platform's pace.
    await waitFor(async () => fake.shop(SHOP)!.webhooks.length === SHOPLAZZA_WEBHOOK_TOPICS.length, 20_000);
    const hooks = fake.shop(SHOP)!.webhooks;
    expect(new Set(hooks.map((w) => w.address))).toEqual(new Set([`${t.deps.config.publicUrl}/api/platforms/shoplazza/webhooks`]));
    const times = fake.requests.filter((r) => r.shop === SHOP).map((r) => r.at);
    expectPaced(times, 500);
  }, 30_000);

  it('the owner claims it: the store has the shop\'s name, currency and time zone, the token sealed to it, and its first sync queued', async () => {
    const { done } = await install();
    const claim = new URL(String(done.headers.location)).searchParams.get('claim') ?? '';
    owner = await signUp(t, { store: false });
    const res = await t.call(api.channelShop.claim, { token: owner.token, body: { claim } });
    answers.push(JSON.stringify(res.body));
    expect(res.body.code, res.body.msg).toBe(100);
    shopId = res.body.data.shop_id;
    const store = await t.call(api.shop.info, { token: owner.token });
    answers.push(JSON.stringify(store.body));
    expect(store.body.data).toMatchObject({
      name: 'Jade Tea House', platform: 'shoplazza', platform_domain: SHOP, homepage_url: 'https://jadetea.example.com',
      currency: 'EUR', timezone: 'Etc/GMT-1', language: 'zh-CN',
    });
    const [link] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    expect(link).toMatchObject({ platform: 'shoplazza', shopDomain: SHOP, status: 'authorized' });
    expect(fake.shop(SHOP)!.tokens.has(await openToken(t.deps, link!.sealedToken, tokenContext.link(shopId, 'shoplazza')))).toBe(true);
    expect(await t.deps.jobs.liveJobData(FIRST_SYNC_QUEUE)).toContainEqual({ shopId, platform: 'shoplazza' });
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

  it('refuses a forged or missing signature, another shop\'s name, a changed or missing state and a used code, writing nothing', async () => {
    const before = await written();
    const forged = await get(`/api/platforms/shoplazza/install?${fake.installQuery(SHOP, 'not-the-secret')}`);
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: expect.any(Number), data: null });
    expect((await get(`/api/platforms/shoplazza/install?shop=${SHOP}`)).statusCode).toBe(401);
    const foreign = { install_from: 'app_store', shop: 'evil.example.com', store_id: '1' };
    expect((await get(`/api/platforms/shoplazza/install?${new URLSearchParams({ ...foreign, hmac: signShoplazzaQuery(foreign, fake.clientSecret) })}`)).statusCode).toBe(400);

    const changedState = await install((cb) => {
      const params = Object.fromEntries(cb.searchParams);
      params.state = 'someone-elses-state';
      cb.search = new URLSearchParams({ ...params, hmac: signShoplazzaQuery(params, fake.clientSecret) }).toString();
    });
    expect(changedState.done.statusCode).toBe(401);
    const forgedCallback = await install((cb) => cb.searchParams.set('hmac', 'a'.repeat(64)));
    expect(forgedCallback.done.statusCode).toBe(401);
    const noCookie = await install(undefined, () => '');
    expect(noCookie.done.statusCode).toBe(401);
    const tamperedCookie = await install(undefined, (c) => `${c.slice(0, -2)}xx`);
    expect(tamperedCookie.done.statusCode).toBe(401);
    for (const value of ['%E0%A4%A', 'x'.repeat(5000), '.', 'a.b.c', '\u00e9.\u00e9']) {
      const hostile = await install(undefined, () => `shoplazza_app_state=${value}`);
      expect(hostile.done.statusCode).toBe(401);
    }
    const after = await written();
    expect(after).toEqual(before);
    // The refused callback's code is still good with its cookie (a reauthorisation); a second use is refused.
    const cookie = noCookie.setCookie.split(';')[0]!;
    expect((await get(`${noCookie.callback.pathname}${noCookie.callback.search}`, { cookie })).statusCode).toBe(302);
    expect((await get(`${noCookie.callback.pathname}${noCookie.callback.search}`, { cookie })).statusCode).toBe(401);
    expect(fake.shop(SHOP)!.tokens.size).toBe(before.tokens + 1);
  }, 60_000);

  it('answers 409 on a server without the Shoplazza app', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/api/platforms/shoplazza/install?${fake.installQuery(SHOP)}`, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });

  it('reads the shop\'s offset as an IANA zone', () => {
    expect(timeZoneOfOffset('+0800')).toBe('Etc/GMT-8');
    expect(timeZoneOfOffset('-05:00')).toBe('Etc/GMT+5');
    expect(timeZoneOfOffset('+0000')).toBe('UTC');
    expect(timeZoneOfOffset('+0530')).toBe('UTC');
    expect(timeZoneOfOffset('Asia/Shanghai')).toBe('Asia/Shanghai');
  });

  it('never sends an access token back', () => {
    const tokens = [...fake.shop(SHOP)!.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(2);
    for (const token of tokens) expect(answers.filter((a) => a.includes(token))).toEqual([]);
  });
});
