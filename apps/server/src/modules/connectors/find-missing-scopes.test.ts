import { api } from '@storecast/contract';
import { platformConnections, platformDiscounts, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFake, routeShopifyToFake, startFakeShopify, type FakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import type { FakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import { fakeShoplineCustomer, fakeShoplineProduct } from '../../test/fake-shopline/fake-shopline-shop.ts';
import type { FakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { PlatformScopeRefused } from './call-platform-api.ts';
import { createDueDiscountCodes } from './create-discount-codes.ts';
import { findMissingScopes } from './find-missing-scopes.ts';
import { shoplineRequest, ShoplineUnauthorized } from './shopline-api.ts';
import { claimSyncs, runClaimedSync } from './sync-platform-store.ts';
import { installShoplazzaStore, installShoplineStore, runShoplazzaInstall, runShoplineInstall } from './test/install-from-fakes.ts';
import { type PlatformFakes, startWithPlatformFakes } from './test/start-with-platform-fakes.ts';

/**
 * A store whose platform token was granted before the app asked for a scope it asks for now: the
 * admin is told which scopes are missing and what they cost, a call the platform refuses with 403
 * for it fails on its own without marking the link unauthorised (so the store's sends and flows go
 * on), and reauthorising stores the scopes granted then, which ends the warning. On the three
 * fakes; Shopline's refuses the theme list and price-rule changes without their scopes.
 */
const LAZZA = 'scope-tea.myshoplaza.com';
const HANDLE = 'scope-tea';
let k: PlatformFakes;
let lazza: FakeShoplazza;
let line: FakeShopline;
let t: TestApp;

beforeAll(async () => {
  k = await startWithPlatformFakes({ shoplazza: LAZZA, shopline: HANDLE });
  ({ lazza, line, t } = k);
});
afterAll(() => k?.close());

/** The authorize page's address asking only `scopes`, as the app asked before it needed more. */
const askingOnly = (scopes: string[]) => (authorize: string) => {
  const [page, query] = authorize.split('?');
  const q = new URLSearchParams(query);
  q.set('scope', scopes.join(','));
  return `${page}?${q}`;
};
const infoOf = async (app: TestApp, token: string) => {
  const res = await app.call(api.channelShop.info, { token, lang: 'en-US' });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data;
};
const linkOf = async (app: TestApp, shopId: string) => {
  const [link] = await app.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId));
  const [shop] = await app.deps.dbh.db.select({ installStatus: shops.installStatus }).from(shops).where(eq(shops.id, shopId));
  return { status: link!.status, scopes: link!.scopes, installStatus: shop!.installStatus };
};

describe('a Shopline store installed before read_content and write_price_rules were asked for', () => {
  const OLD = ['read_customers', 'read_orders', 'read_products', 'write_discounts', 'read_script_tags', 'read_themes'];

  it('is told what it lacks, keeps working where it can, and loses the warning once reauthorised', async () => {
    const owner = await installShoplineStore(t, line, HANDLE, askingOnly(OLD));
    expect(await infoOf(t, owner.token)).toMatchObject({
      status: 'authorized', authorized: true, message: null, scopes: OLD,
      missing_scopes: ['write_price_rules', 'read_content'], missing_features: ['coupon_changes', 'app_embed'],
    });

    // The theme list answers 403: the embed is unknown, and the link and the store stay authorised.
    const embed = await t.call(api.popup.embedBlock, { token: owner.token });
    expect(embed.body.data.app_embed.enabled).toBeNull();
    expect(line.requests.some((r) => r.handle === HANDLE && r.path.endsWith('/themes.json') && r.status === 403)).toBe(true);
    expect(await linkOf(t, owner.shopId)).toMatchObject({ status: 'authorized', installStatus: 1 });

    // A coupon is made (write_discounts), but changing its value is refused for the missing scope:
    // that code is recorded failed with the platform's reason, and nothing else stops.
    const saved = await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'SCOPE10', discount: 10, description: '' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: saved.body.data!.id, code: 'SCOPE10', discount: 12, description: '' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    const [code] = await t.deps.dbh.db.select().from(platformDiscounts).where(eq(platformDiscounts.shopId, owner.shopId));
    expect(code).toMatchObject({ status: 'failed' });
    expect(code!.error).toContain('write_price_rules');
    expect(await linkOf(t, owner.shopId)).toMatchObject({ status: 'authorized', installStatus: 1 });
    expect((await infoOf(t, owner.token)).authorized).toBe(true);

    // The owner opens the app again: the install asks for today's scopes and keeps what was granted.
    expect(await runShoplineInstall(t, line, HANDLE)).toBe(`${t.deps.config.publicUrl}/dashboard`);
    const after = await infoOf(t, owner.token);
    expect(after.missing_scopes).toEqual([]);
    expect(after.missing_features).toEqual([]);
    expect(after.scopes).toEqual(expect.arrayContaining(['read_content', 'write_price_rules']));
    expect((await t.call(api.popup.embedBlock, { token: owner.token })).body.data.app_embed.enabled).toBe(false);
    // The refused code is tried again at once, not after its backoff, and now goes through.
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    const [retried] = await t.deps.dbh.db.select().from(platformDiscounts).where(eq(platformDiscounts.shopId, owner.shopId));
    expect(retried).toMatchObject({ status: 'created', discount: 12 });
    expect(line.shop(HANDLE)!.priceRules.find((r) => r.id === retried!.platformId)).toMatchObject({ value: '-12.00' });
  }, 60_000);

  it('a 403 is a refused scope, not a refused token; a 401 still is', async () => {
    const shop = line.shop(HANDLE)!;
    const app = t.deps.config.platformApps.shopline!;
    const token = [...shop.tokens.keys()].at(-1)!;
    const granted = shop.tokens.get(token)!;
    shop.tokens.set(token, granted.split(',').filter((s) => s !== 'read_content').join(','));
    try {
      const refused = await shoplineRequest(app, HANDLE, token, 'themes.json').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PlatformScopeRefused);
      expect(refused).not.toBeInstanceOf(ShoplineUnauthorized);
      expect((refused as PlatformScopeRefused).status).toBe(403);
      expect((refused as PlatformScopeRefused).body).toContain('read_content');
    } finally {
      shop.tokens.set(token, granted);
    }
    await expect(shoplineRequest(app, HANDLE, 'not-a-token', 'themes.json')).rejects.toBeInstanceOf(ShoplineUnauthorized);
  }, 30_000);

  it('a first sync refused a list for its scope says so, and the store stays authorised', async () => {
    const handle = 'sync-scope-tea';
    const shop = line.addShop(handle);
    shop.customers.push(fakeShoplineCustomer({ email: 'ada@sync-scope.example' }));
    shop.products.push(fakeShoplineProduct());
    const owner = await installShoplineStore(t, line, handle, askingOnly(OLD.filter((s) => s !== 'read_products')));
    const [claimed] = await claimSyncs(t.deps.dbh.db, 60_000, { shopId: owner.shopId, platform: 'shopline' });
    expect(await runClaimedSync(t.deps, claimed!, { leaseMs: 60_000, pollMs: 10 })).toBe('failed');
    const status = await t.call(api.platformSync.status, { token: owner.token, lang: 'en-US' });
    expect(status.body.data).toMatchObject({
      status: 'failed', error: 'The store platform has not granted a permission the sync needs. Please authorise the app again to grant it.',
    });
    expect(await linkOf(t, owner.shopId)).toMatchObject({ status: 'authorized', installStatus: 1 });
    expect(await infoOf(t, owner.token)).toMatchObject({ authorized: true, missing_features: expect.arrayContaining(['products']) });
  }, 30_000);
});

describe('a Shoplazza store whose link was kept with an older scope list', () => {
  it('is told what it lacks (the list kept space-separated, as Shoplazza spells it) until reauthorised', async () => {
    const owner = await installShoplazzaStore(t, lazza, LAZZA);
    expect((await infoOf(t, owner.token)).missing_scopes).toEqual([]);
    // What an install from before price rules and themes were asked for kept.
    await t.deps.dbh.db.update(platformConnections).set({ scopes: 'read_shop read_customer read_order read_product write_script_tags' })
      .where(eq(platformConnections.shopId, owner.shopId));
    expect(await infoOf(t, owner.token)).toMatchObject({
      authorized: true, scopes: ['read_shop', 'read_customer', 'read_order', 'read_product', 'write_script_tags'],
      missing_scopes: ['write_price_rules', 'read_themes'], missing_features: ['coupons', 'app_embed'],
    });
    // A link that is not authorised is told to reauthorise instead, not about scopes.
    await t.deps.dbh.db.update(platformConnections).set({ status: 'revoked' }).where(eq(platformConnections.shopId, owner.shopId));
    expect(await infoOf(t, owner.token)).toMatchObject({ authorized: false, missing_scopes: [], missing_features: [] });

    expect(await runShoplazzaInstall(t, lazza, LAZZA)).toBe(`${t.deps.config.publicUrl}/dashboard`);
    expect(await infoOf(t, owner.token)).toMatchObject({ authorized: true, missing_scopes: [], missing_features: [] });
  }, 60_000);
});

describe('a Shopify store granted fewer scopes than the app asks for', () => {
  // The library turns away bots (`isbot` on the User-Agent) before it starts OAuth.
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  let fake: FakeShopify;
  let unroute: () => void;
  let s: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify({ apiKey: 'scope-key', apiSecret: 'scope-secret', shop: 'scope-tea.myshopify.com', shopName: 'Scope Tea' });
    unroute = routeShopifyToFake(fake);
    s = await startTestApp({ platformApps: { shopify: { apiKey: fake.apiKey, apiSecret: fake.apiSecret } } });
  });
  afterAll(async () => {
    unroute?.();
    await s?.close();
    await fake?.close();
  });

  /** From the app's URL through the fake's authorize page to where the callback sends the owner. */
  async function install(authorize: (url: string) => string = (u) => u) {
    const begin = await s.app.inject({ method: 'GET', url: `/api/platforms/shopify/install?${fake.installQuery()}`, headers: { 'user-agent': BROWSER } });
    expect(begin.statusCode, begin.body).toBe(302);
    const cookie = [begin.headers['set-cookie'] ?? []].flat().map((c) => String(c).split(';')[0]).join('; ');
    const approve = await fetch(onFake(authorize(String(begin.headers.location))), { redirect: 'manual' });
    const callback = new URL(approve.headers.get('location') ?? '');
    const done = await s.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie, 'user-agent': BROWSER } });
    expect(done.statusCode, done.body).toBe(302);
    return String(done.headers.location);
  }

  it('names what is missing, counts a write scope as its read scope, and clears once reauthorised', async () => {
    // What the library asked for before the theme and the shop's languages were needed.
    const old = ['write_customers', 'read_orders', 'read_all_orders', 'read_products', 'read_checkouts', 'write_discounts'];
    const claim = new URL(await install(askingOnly(old))).searchParams.get('claim') ?? '';
    const owner = await signUp(s, { store: false });
    expect((await s.call(api.channelShop.claim, { token: owner.token, body: { claim } })).body.code).toBe(100);
    expect(await infoOf(s, owner.token)).toMatchObject({
      authorized: true, missing_scopes: ['read_themes', 'read_locales'], missing_features: ['app_embed', 'languages'],
    });

    expect(await install()).toBe(`${s.deps.config.publicUrl}/dashboard`);
    expect(await infoOf(s, owner.token)).toMatchObject({ authorized: true, missing_scopes: [], missing_features: [] });
  }, 60_000);
});

describe('finding missing scopes', () => {
  it('reads commas or spaces, and reports nothing for a link that kept no scopes', () => {
    expect(findMissingScopes('shopline', 'read_customers, read_orders read_products,write_discounts,write_price_rules,read_script_tags,read_content,read_themes'))
      .toEqual({ scopes: [], features: [] });
    expect(findMissingScopes('shoplazza', '')).toEqual({ scopes: [], features: [] });
    // Each feature once, though two of Shopline's scopes serve the app embed.
    expect(findMissingScopes('shopline', 'read_customers').features).toEqual(['orders', 'products', 'coupons', 'coupon_changes', 'storefront_script', 'app_embed']);
  });
});
