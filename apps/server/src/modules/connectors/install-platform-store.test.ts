import { api } from '@storecast/contract';
import { channelShopTokens, platformClaims, platformConnections, platformSyncs, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFake, routeShopifyToFake, startFakeShopify, type FakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { APP_EMBED_HANDLE } from './app-embed-status.ts';
import { openToken, tokenContext } from './channel-shop-token.ts';
import { hashClaimToken } from './callback-complete-install.ts';
import { FIRST_SYNC_QUEUE } from './claim-platform-store.ts';
import { SHOPIFY_WEBHOOK_TOPICS } from './subscribe-webhooks-shopify.ts';
import { firstSyncJob } from './sync-job.ts';
import { waitFor } from '../delivery/test/fixtures.ts';

/**
 * The Shopify install end to end against the fake shop, the official library unmodified (only its
 * fetch routed to the fake): the app's URL, the shop's authorize page, the callback, the claim,
 * then reauthorisation; and every refusal on the way changes nothing.
 */

// The library turns away bots (`isbot` on the User-Agent) before it starts OAuth.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let fake: FakeShopify;
let unroute: () => void;
let t: TestApp;
/** Every answer the server gave in this file: no access token may appear in any. */
const answers: string[] = [];

beforeAll(async () => {
  fake = await startFakeShopify({
    apiKey: 'storecast-key', apiSecret: 'storecast-secret', shop: 'green-tea.myshopify.com', shopName: 'Green Tea House',
    currencyCode: 'EUR', ianaTimezone: 'Europe/Berlin', primaryDomainUrl: 'https://greentea.example.com', primaryLocale: 'en',
  });
  unroute = routeShopifyToFake(fake);
  t = await startTestApp({ platformApps: { shopify: { apiKey: fake.apiKey, apiSecret: fake.apiSecret } } });
});

afterAll(async () => {
  unroute?.();
  await t?.close();
  await fake?.close();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, 'accept-language': 'en-US', ...headers } });
  answers.push(res.body, JSON.stringify(res.headers));
  return res;
};
const call: TestApp['call'] = async (route, opts) => {
  const res = await t.call(route, opts);
  answers.push(JSON.stringify(res.body));
  return res;
};

/** The state of everything an install writes, to compare before and after a refusal. */
const written = async () => ({
  claims: await t.deps.dbh.db.select().from(platformClaims),
  links: await t.deps.dbh.db.select().from(platformConnections),
  tokens: fake.store.accessTokens.size,
});

/** From the app's URL to the callback's answer, through the fake's authorize page. */
async function install(tamper?: (callback: URL) => void) {
  const begin = await get(`/api/platforms/shopify/install?${fake.installQuery()}`);
  expect(begin.statusCode, begin.body).toBe(302);
  const authorize = new URL(String(begin.headers.location));
  const setCookie = begin.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
  const approve = await fetch(onFake(authorize.href), { redirect: 'manual' });
  expect(approve.status).toBe(302);
  const callback = new URL(approve.headers.get('location') ?? '');
  tamper?.(callback);
  const done = await get(`${callback.pathname}${callback.search}`, { cookie });
  return { begin, authorize, callback, cookie, done };
}

const claimOf = (location: string) => new URL(location).searchParams.get('claim') ?? '';

describe('installing from Shopify', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let shopId = '';

  it('sends the owner to the shop\'s authorize page with a state nonce and the product\'s scopes', async () => {
    const { begin, authorize, callback, done } = await install();
    expect(authorize.host).toBe(fake.shop);
    expect(authorize.pathname).toBe('/admin/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('storecast-key');
    // The library folds a read scope into its write scope.
    expect(authorize.searchParams.get('scope')?.split(',')).toEqual(expect.arrayContaining(['write_customers', 'read_orders', 'read_themes']));
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.deps.config.publicUrl}/api/platforms/shopify/callback`);
    expect(authorize.searchParams.get('state')).toMatch(/\w{10,}/);
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    expect(done.statusCode, done.body).toBe(302);
    // The used state cookie and its signature are deleted on the path they were set on (a
    // deletion on another path leaves them); the library's own session cookie is not passed on.
    const cookies = [done.headers['set-cookie'] ?? []].flat();
    for (const name of ['shopify_app_state', 'shopify_app_state.sig']) {
      const set = [begin.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${name}=`));
      const setPath = /;\s*path=([^;]+)/i.exec(set ?? '')?.[1];
      expect(setPath).toBe('/api/platforms/shopify/callback');
      const cleared = cookies.find((c) => c.startsWith(`${name}=;`));
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(/;\s*path=([^;]+)/i.exec(cleared ?? '')?.[1]).toBe(setPath);
    }
    expect(cookies.join('\n')).not.toContain('shopify_app_session');
    const location = String(done.headers.location);
    expect(location).toMatch(new RegExp(`^${t.deps.config.publicUrl}/connect/plat\\?claim=[A-Za-z0-9_-]{43}$`));
    // The token waits sealed in the claim; only a hash of the claim token is kept.
    const [claim] = await t.deps.dbh.db.select().from(platformClaims);
    expect(claim).toMatchObject({ platform: 'shopify', shopDomain: fake.shop, usedAt: null });
    expect(claim!.tokenHash).not.toContain(claimOf(location));
    const token = await openToken(t.deps, claim!.sealedToken, tokenContext.claim('shopify', fake.shop));
    expect(fake.store.accessTokens.get(token)?.online).toBe(false);
    expect(claim!.sealedToken).not.toContain(token);
    // The webhooks the product uses point at this server, each once.
    const subs = fake.store.webhookSubscriptions.filter((w) => w.callbackUrl === `${t.deps.config.publicUrl}/api/platforms/shopify/webhooks`);
    expect(subs.map((w) => w.topic).sort()).toEqual([...SHOPIFY_WEBHOOK_TOPICS].sort());
  });

  it('the signed-in owner claims it: the store is made from the shop\'s details, linked, and its first sync queued', async () => {
    const { done } = await install();
    const claim = claimOf(String(done.headers.location));
    owner = await signUp(t, { store: false });
    const info = await call(api.channelShop.claimInfo, { token: owner.token, query: { claim } });
    expect(info.body.data).toMatchObject({ platform: 'shopify', shop_domain: fake.shop, name: 'Green Tea House', currency: 'EUR', timezone: 'Europe/Berlin' });
    const res = await call(api.channelShop.claim, { token: owner.token, body: { claim } });
    expect(res.body.code, res.body.msg).toBe(100);
    shopId = res.body.data.shop_id;
    expect(res.body.data).toMatchObject({ platform: 'shopify', name: 'Green Tea House' });
    const store = await call(api.shop.info, { token: owner.token });
    expect(store.body.data).toMatchObject({
      shop_id: shopId, name: 'Green Tea House', platform: 'shopify', platform_domain: fake.shop, homepage_url: 'https://greentea.example.com',
      currency: 'EUR', timezone: 'Europe/Berlin', language: 'en-US', role: 'owner',
    });
    const [link] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    expect(link).toMatchObject({ platform: 'shopify', shopDomain: fake.shop, status: 'authorized' });
    const token = await openToken(t.deps, link!.sealedToken, tokenContext.link(shopId, 'shopify'));
    expect(fake.store.accessTokens.has(token)).toBe(true);
    expect(await t.deps.jobs.liveJobData(FIRST_SYNC_QUEUE)).toContainEqual({ shopId, platform: 'shopify' });
    const channel = await call(api.channelShop.info, { token: owner.token });
    expect(channel.body.data).toMatchObject({ platform: 'shopify', shop_domain: fake.shop, status: 'authorized', authorized: true, message: null });
    expect(channel.body.data.scopes).toContain('read_orders');
  });

  it('a claim is taken once, and an expired one not at all; neither changes anything', async () => {
    const fresh = await startFreshShop();
    try {
      const stores = async () => (await t.deps.dbh.db.select({ id: shops.id }).from(shops)).length;
      // Two installs before anyone claims: two claims of one platform store.
      const first = claimOf(String((await fresh.install()).done.headers.location));
      const rival = claimOf(String((await fresh.install()).done.headers.location));
      const taker = await signUp(t, { store: false });
      const taken = await call(api.channelShop.claim, { token: taker.token, body: { claim: first } });
      expect(taken.body.code, taken.body.msg).toBe(100);
      const late = await signUp(t, { store: false });
      const n = await stores();
      const again = await call(api.channelShop.claim, { token: late.token, body: { claim: first } });
      expect(again.status).toBe(410);
      expect(again.body.msg).toBe('This connection link has expired or was already used. Please install the app again from your store platform\'s admin.');
      const zh = await t.call(api.channelShop.claim, { token: late.token, body: { claim: first }, lang: 'zh-CN' });
      expect(zh.body.msg).toBe('该连接链接已过期或已被使用，请从店铺平台后台重新安装应用。');
      // The other claim names a platform store that is linked now.
      const linked = await call(api.channelShop.claim, { token: late.token, body: { claim: rival } });
      expect(linked.status).toBe(409);
      expect(linked.body.msg).toBe('This platform store is already connected to another store here.');
      expect((await t.deps.dbh.db.select().from(platformClaims).where(eq(platformClaims.tokenHash, hashClaimToken(rival))))[0]!.usedAt).toBeNull();

      // Two owners claiming one token at once: one store.
      await t.deps.dbh.db.delete(platformConnections).where(eq(platformConnections.shopDomain, fresh.fake.shop));
      const shared = claimOf(String((await fresh.install()).done.headers.location));
      const racers = await Promise.all([signUp(t, { store: false }), signUp(t, { store: false })]);
      const m = await stores();
      const raced = await Promise.all(racers.map((r) => call(api.channelShop.claim, { token: r.token, body: { claim: shared } })));
      expect(raced.map((r) => r.body.code).sort()).toEqual([100, 101]);
      expect(await stores()).toBe(m + 1);

      // Expired: the owner waited too long (the link is gone, so the install makes a claim again).
      await t.deps.dbh.db.delete(platformConnections).where(eq(platformConnections.shopDomain, fresh.fake.shop));
      const stale = claimOf(String((await fresh.install()).done.headers.location));
      await t.deps.dbh.db.update(platformClaims).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(platformClaims.tokenHash, hashClaimToken(stale)));
      expect((await call(api.channelShop.claim, { token: late.token, body: { claim: stale } })).status).toBe(410);
      expect((await call(api.channelShop.claimInfo, { token: late.token, query: { claim: stale } })).status).toBe(410);
      expect((await call(api.channelShop.claim, { token: late.token, body: { claim: 'x'.repeat(43) } })).status).toBe(410);
      expect(await stores()).toBe(n + 1);
      expect((await call(api.auth.info, { token: late.token })).body.data.shop_id || '').toBe('');
    } finally {
      await fresh.close();
    }
  });

  it('reauthorises a revoked store: the new token replaces the old and the store is authorised again', async () => {
    await t.deps.dbh.db.update(platformConnections).set({ status: 'revoked' }).where(eq(platformConnections.shopId, shopId));
    await t.deps.dbh.db.update(shops).set({ installStatus: 0 }).where(eq(shops.id, shopId));
    const revoked = await call(api.channelShop.info, { token: owner.token });
    expect(revoked.body.data).toMatchObject({ status: 'revoked', authorized: false, message: 'The current authorization has not been completed.' });
    expect(revoked.body.data.reauthorize_url).toBe('https://admin.shopify.com/store/green-tea/apps/storecast-key');
    const zh = await t.call(api.channelShop.info, { token: owner.token, lang: 'zh-CN' });
    expect(zh.body.data.message).toBe('当前授权尚未完成。');
    const [old] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    const claimsBefore = (await t.deps.dbh.db.select().from(platformClaims)).length;
    // Its first sync had failed on the refused token, after runs that counted.
    await t.deps.dbh.db.insert(platformSyncs).values({ shopId, platform: 'shopify', status: 'failed', error: 'errors.platformSync.unauthorized', attempts: 2 })
      .onConflictDoUpdate({ target: [platformSyncs.shopId, platformSyncs.platform], set: { status: 'failed', error: 'errors.platformSync.unauthorized', attempts: 2 } });

    const { done } = await install();
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${t.deps.config.publicUrl}/dashboard`);
    const [link] = await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
    expect(link!.status).toBe('authorized');
    expect(link!.sealedToken).not.toBe(old!.sealedToken);
    const token = await openToken(t.deps, link!.sealedToken, tokenContext.link(shopId, 'shopify'));
    expect(fake.store.accessTokens.has(token)).toBe(true);
    expect((await t.deps.dbh.db.select({ s: shops.installStatus }).from(shops).where(eq(shops.id, shopId)))[0]!.s).toBe(1);
    expect((await t.deps.dbh.db.select().from(platformClaims)).length).toBe(claimsBefore);
    expect((await call(api.channelShop.info, { token: owner.token })).body.data).toMatchObject({ status: 'authorized', authorized: true, message: null });
    // The failed first sync starts again, its runs counted from zero.
    expect((await call(api.platformSync.status, { token: owner.token })).body.data).toMatchObject({ status: 'queued', error: null });
    expect((await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, shopId)))[0]).toMatchObject({ attempts: 0 });
    expect(await t.deps.jobs.liveJobData(FIRST_SYNC_QUEUE)).toContainEqual({ shopId, platform: 'shopify' });
  });

  it('says whether the theme app embed is on, with the theme editor\'s link', async () => {
    const off = await call(api.popup.embedBlock, { token: owner.token });
    const editor = `https://${fake.shop}/admin/themes/current/editor?context=apps&activateAppId=storecast-key/${APP_EMBED_HANDLE}`;
    expect(off.body.data.app_embed).toEqual({ applicable: true, enabled: false, editor_url: editor });
    fake.theme.setAppEmbed('storecast', APP_EMBED_HANDLE, true);
    expect((await call(api.popup.embedBlock, { token: owner.token })).body.data.app_embed).toEqual({ applicable: true, enabled: true, editor_url: editor });
    fake.theme.setAppEmbed('storecast', APP_EMBED_HANDLE, false);
    expect((await call(api.popup.embedBlock, { token: owner.token })).body.data.app_embed.enabled).toBe(false);
    // Another app's embed is not ours.
    fake.theme.setAppEmbed('someone-else', 'reviews', true);
    expect((await call(api.popup.embedBlock, { token: owner.token })).body.data.app_embed.enabled).toBe(false);
    const custom = await signUp(t);
    expect((await call(api.popup.embedBlock, { token: custom.token })).body.data.app_embed).toEqual({ applicable: false, enabled: null, editor_url: null });
  });

  it('never sends an access token back', () => {
    const tokens = [...fake.store.accessTokens.keys()];
    expect(tokens.length).toBeGreaterThan(2);
    for (const token of tokens) expect(answers.filter((a) => a.includes(token))).toEqual([]);
  });
});

/** A second fake shop, routed too, for claims that must start from an unlinked store. */
async function startFreshShop(shop = 'black-tea.myshopify.com', shopName = 'Black Tea') {
  const other = await startFakeShopify({ apiKey: fake.apiKey, apiSecret: fake.apiSecret, shop, shopName });
  const drop = routeShopifyToFake(other);
  return {
    fake: other,
    async install() {
      const begin = await get(`/api/platforms/shopify/install?${other.installQuery()}`);
      const cookie = [begin.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
      const approve = await fetch(onFake(String(begin.headers.location)), { redirect: 'manual' });
      const callback = new URL(approve.headers.get('location') ?? '');
      const done = await get(`${callback.pathname}${callback.search}`, { cookie });
      expect(done.statusCode, done.body).toBe(302);
      return { done };
    },
    async close() {
      drop();
      await other.close();
    },
  };
}

describe('the first sync', () => {
  /** Installs and claims a fresh platform store; its fake still answers until `close`. */
  async function claimFresh(shop: string, name: string) {
    const fresh = await startFreshShop(shop, name);
    const claim = claimOf(String((await fresh.install()).done.headers.location));
    const o = await signUp(t, { store: false });
    const claimed = await call(api.channelShop.claim, { token: o.token, body: { claim } });
    expect(claimed.body.code, claimed.body.msg).toBe(100);
    return { fresh, token: o.token, shopId: claimed.body.data.shop_id };
  }

  it('shows queued as soon as the store is claimed, before any worker takes it up', async () => {
    const { fresh, token } = await claimFresh('puer-tea.myshopify.com', 'Puer Tea');
    try {
      const queued = await call(api.platformSync.status, { token });
      expect(queued.body.data).toMatchObject({ platform: 'shopify', status: 'queued', done: 0, error: null });
    } finally {
      await fresh.close();
    }
  });

  it('one that keeps failing is marked failed with its error after its attempts, instead of being retried for good', async () => {
    const { fresh, token, shopId: synced } = await claimFresh('oolong-tea.myshopify.com', 'Oolong Tea');
    // The platform cannot be reached any more: every run fails, and the job gives up after three.
    await fresh.close();
    const stopJob = await firstSyncJob({ attemptLimit: 3, leaseMs: 300, loopMs: 100, pollMs: 10 }).start(t.deps, t.app.log);
    try {
      const failed = await waitFor(async () => {
        const r = await call(api.platformSync.status, { token });
        return r.body.data?.status === 'failed' ? r.body.data : null;
      }, 30_000);
      expect(failed.error).toMatch(/^The first sync from the store platform failed\. Please try again later\. \(.+\)$/);
      const zh = await t.call(api.platformSync.status, { token, lang: 'zh-CN' });
      expect(zh.body.data?.error).toMatch(/^从店铺平台首次同步数据失败，请稍后重试。 \(.+\)$/);
      const [row] = await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, synced));
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      await stopJob();
    }
  });
});

describe('refusals', () => {
  it('a forged or stale signature on the app\'s URL is refused with 401, before anything is written', async () => {
    const before = await written();
    const forged = fake.installQuery();
    const hmac = forged.get('hmac')!;
    forged.set('hmac', `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`);
    const stale = fake.installQuery(String(Math.floor(Date.now() / 1000) - 3600));
    const unsigned = fake.installQuery();
    unsigned.delete('hmac');
    for (const q of [forged, stale, unsigned]) {
      const res = await get(`/api/platforms/shopify/install?${q}`);
      expect(res.statusCode, q.toString()).toBe(401);
      expect(res.json()).toMatchObject({ code: 103, data: null });
      expect(res.headers.location).toBeUndefined();
    }
    expect(await written()).toEqual(before);
  });

  it('a shop that is not a myshopify.com domain is refused with 400', async () => {
    for (const shop of ['evil.example.com', 'green-tea.myshopify.com.evil.com', '', 'GREEN_TEA.myshopify.com']) {
      const res = await get(`/api/platforms/shopify/install?shop=${encodeURIComponent(shop)}&timestamp=1&hmac=00`);
      expect(res.statusCode, shop).toBe(400);
      expect(res.json().msg).toBe('Please enter the store\'s Shopify domain, such as tea.myshopify.com.');
    }
  });

  it('a callback with a changed state, a forged signature, no cookie or a used code is refused, and no store token is kept', async () => {
    const before = await written();
    const tokenCalls = () => fake.requests.filter((r) => r.path === '/admin/oauth/access_token').length;
    const calls = tokenCalls();
    const badState = await install((cb) => cb.searchParams.set('state', 'not-the-nonce'));
    const forged = await install((cb) => cb.searchParams.set('hmac', '0'.repeat(64)));
    for (const { done } of [badState, forged]) {
      expect(done.statusCode).toBe(401);
      expect(done.json()).toMatchObject({ code: 103 });
    }
    const noCookie = await install();
    expect(tokenCalls()).toBe(calls + 1);
    // The same callback again: the code was used (Shopify refuses it).
    const replay = await get(`${noCookie.callback.pathname}${noCookie.callback.search}`, { cookie: noCookie.cookie });
    expect(replay.statusCode).toBe(401);
    const cookieless = await install();
    const without = await get(`${cookieless.callback.pathname}${cookieless.callback.search}`);
    expect(without.statusCode).toBe(401);
    // Only the good installs changed anything: this store is linked, so they reauthorised it.
    const after = await written();
    expect(after.claims).toEqual(before.claims);
    // As sets: a reauthorisation rewrites its row, which may move it in an unordered read.
    expect(after.links.map((l) => l.shopId).sort()).toEqual(before.links.map((l) => l.shopId).sort());
  });

  it('hostile queries are answered with the envelope, never a 5xx', async () => {
    const hostile = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%FF', encodeURIComponent('x'.repeat(4000)), '99999999999999999999', '-1', 'NaN'];
    const bad: string[] = [];
    for (const path of ['install', 'callback']) {
      for (const key of ['shop', 'hmac', 'timestamp', 'state', 'code', 'host']) {
        for (const value of hostile) {
          const q = new URLSearchParams(fake.installQuery());
          q.delete(key);
          const url = `/api/platforms/shopify/${path}?${q}&${key}=${value}&${key}[x]=1`;
          const res = await get(url, { cookie: `shopify_app_state=${value}; shopify_app_state.sig=${value}` });
          const body = res.json() as { code?: unknown; msg?: unknown };
          if (res.statusCode >= 500 || typeof body.code !== 'number' || typeof body.msg !== 'string') bad.push(`${res.statusCode} ${url.slice(0, 120)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('a server without the platform\'s app answers 409, an unknown platform 404', async () => {
    expect((await get(`/api/platforms/magento/install?${fake.installQuery()}`)).statusCode).toBe(404);
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/api/platforms/shopify/install?${fake.installQuery()}`, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 101, msg: '本服务器尚未配置该店铺平台的应用，无法在此连接该平台的店铺。' });
    } finally {
      await bare.close();
    }
  });
});

describe('sales-channel tokens', () => {
  const storefront = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const admin = `shpat_${'0123456789abcdef'.repeat(2)}`;

  it('are saved sealed for the store alone and never sent back', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const saved = await call(api.channelShop.saveShopifyToken, { token: a.token, body: { shop_domain: 'Headless-Tea.myshopify.com', storefront_token: storefront, admin_token: admin } });
    expect(saved.body.code, saved.body.msg).toBe(100);
    expect(saved.body.data).toMatchObject({ platform: 'custom', storefront_token_set: true, admin_token_set: true, token_shop_domain: 'headless-tea.myshopify.com', status: null });
    expect(JSON.stringify(saved.body)).not.toContain(storefront);
    const [row] = await t.deps.dbh.db.select().from(channelShopTokens).where(eq(channelShopTokens.shopId, a.shopId));
    expect(row!.sealedAdminToken).not.toContain(admin);
    expect(await openToken(t.deps, row!.sealedAdminToken, tokenContext.channel(a.shopId, 'admin'))).toBe(admin);
    expect(await openToken(t.deps, row!.sealedStorefrontToken, tokenContext.channel(a.shopId, 'storefront'))).toBe(storefront);
    // B sees none of A's.
    expect((await call(api.channelShop.info, { token: b.token })).body.data).toMatchObject({ storefront_token_set: false, admin_token_set: false, token_shop_domain: '' });
    // Left out: kept; empty: removed.
    const cleared = await call(api.channelShop.saveShopifyToken, { token: a.token, body: { shop_domain: 'headless-tea.myshopify.com', admin_token: '' } });
    expect(cleared.body.data).toMatchObject({ storefront_token_set: true, admin_token_set: false });
  });

  it('refuses tokens and domains of the wrong form, field by field', async () => {
    const a = await signUp(t);
    for (const body of [
      { shop_domain: 'tea.example.com', storefront_token: storefront },
      { shop_domain: 'tea.myshopify.com', storefront_token: 'short' },
      { shop_domain: 'tea.myshopify.com', admin_token: storefront },
      { shop_domain: 'tea.myshopify.com', admin_token: `shpat_${'x'.repeat(200)}` },
    ]) {
      const res = await call(api.channelShop.saveShopifyToken, { token: a.token, body });
      expect(res.body.code, JSON.stringify(body)).toBe(103);
    }
    expect((await call(api.channelShop.info, { token: a.token })).body.data).toMatchObject({ storefront_token_set: false, admin_token_set: false });
  });
});
