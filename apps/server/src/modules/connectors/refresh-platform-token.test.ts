import { api } from '@storecast/contract';
import { platformConnections, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import type { FakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import type { TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { openToken, tokenContext } from './channel-shop-token.ts';
import { refreshExpiringTokens } from './refresh-expiring-tokens.ts';
import { platformCredential, REFRESH_MARGIN_MS, refreshContext, shoplazzaIssued, shoplineIssued } from './refresh-platform-token.ts';
import { shoplazzaRequest, ShoplazzaUnauthorized } from './shoplazza-api.ts';
import { shoplineRequest, ShoplineUnauthorized } from './shopline-api.ts';
import { SHOPLAZZA_WEBHOOK_TOPICS } from './subscribe-webhooks-shoplazza.ts';
import { SHOPLINE_WEBHOOK_TOPICS } from './subscribe-webhooks-shopline.ts';
import { installShoplazzaStore, installShoplineStore } from './test/install-from-fakes.ts';
import { type PlatformFakes, startWithPlatformFakes } from './test/start-with-platform-fakes.ts';

/**
 * Shoplazza's and Shopline's access tokens expire: the fakes grant tokens that live an hour, and
 * the connector's credential refreshes them before they run out or on a 401, retries the call once,
 * and marks the store not authorised when the platform refuses the refresh.
 */
const LAZZA = 'mint-tea.myshoplaza.com';
const HANDLE = 'mint-tea';
const HOUR_S = 3600;
let lazza: FakeShoplazza;
let line: FakeShopline;
let t: TestApp;
let k: PlatformFakes;

beforeAll(async () => {
  k = await startWithPlatformFakes({ shoplazza: LAZZA, shopline: HANDLE }, HOUR_S);
  ({ lazza, line, t } = k);
});
afterAll(() => k?.close());

const linkOf = async (shopId: string) => (await t.deps.dbh.db.select().from(platformConnections).where(eq(platformConnections.shopId, shopId)))[0]!;
const installStatus = async (shopId: string) => (await t.deps.dbh.db.select({ s: shops.installStatus }).from(shops).where(eq(shops.id, shopId)))[0]!.s;

describe('Shoplazza tokens', () => {
  let shopId = '';
  let owner = '';
  const app = () => t.deps.config.platformApps.shoplazza!;
  const callShop = async () => {
    const { credential } = await platformCredential(t.deps, shopId, 'shoplazza');
    return shoplazzaRequest<{ shop: { name: string } }>(app(), LAZZA, credential, 'shop');
  };

  it('keeps the expiry and the refresh token, sealed, from the install through the claim', async () => {
    ({ shopId, token: owner } = await installShoplazzaStore(t, lazza, LAZZA));
    await waitFor(async () => lazza.shop(LAZZA)!.webhooks.length === SHOPLAZZA_WEBHOOK_TOPICS.length, 20_000);
    const link = await linkOf(shopId);
    const left = link.tokenExpiresAt!.getTime() - Date.now();
    expect(left).toBeGreaterThan((HOUR_S - 120) * 1000);
    expect(left).toBeLessThanOrEqual(HOUR_S * 1000);
    const refresh = await openToken(t.deps, link.sealedRefreshToken, refreshContext(tokenContext.link(shopId, 'shoplazza')));
    expect(lazza.shop(LAZZA)!.refreshTokens.has(refresh)).toBe(true);
    expect(link.sealedRefreshToken).not.toContain(refresh);
  }, 60_000);

  it('an expired token is refused, refreshed once and the call then succeeds, the new token sealed with its expiry', async () => {
    const before = await linkOf(shopId);
    const refreshes = lazza.refreshCount();
    lazza.expireTokens(LAZZA);
    const seen = lazza.requests.length;
    const [a, b] = await Promise.all([callShop(), callShop()]);
    expect(a.shop.name).toBe('mint-tea');
    expect(b.shop.name).toBe('mint-tea');
    // Two calls refused at once make one refresh: a rotated refresh token works only once.
    expect(lazza.refreshCount()).toBe(refreshes + 1);
    expect(lazza.requests.slice(seen).map((r) => r.status)).toContain(401);
    const after = await linkOf(shopId);
    expect(after.sealedToken).not.toBe(before.sealedToken);
    expect(after.sealedRefreshToken).not.toBe(before.sealedRefreshToken);
    expect(after.status).toBe('authorized');
    const token = await openToken(t.deps, after.sealedToken, tokenContext.link(shopId, 'shoplazza'));
    expect(lazza.shop(LAZZA)!.tokens.has(token)).toBe(true);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + (HOUR_S - 120) * 1000);
  }, 30_000);

  it('a token about to expire is refreshed before the call is sent', async () => {
    await t.deps.dbh.db.update(platformConnections).set({ tokenExpiresAt: new Date(Date.now() + REFRESH_MARGIN_MS / 2) })
      .where(eq(platformConnections.shopId, shopId));
    const refreshes = lazza.refreshCount();
    const seen = lazza.requests.length;
    expect((await callShop()).shop.name).toBe('mint-tea');
    expect(lazza.refreshCount()).toBe(refreshes + 1);
    expect(lazza.requests.slice(seen).map((r) => r.status)).toEqual([200]);
  }, 30_000);

  it('a refused refresh marks the store not authorised, and the admin offers to reauthorise', async () => {
    lazza.revoke(LAZZA);
    await expect(callShop()).rejects.toBeInstanceOf(ShoplazzaUnauthorized);
    expect((await linkOf(shopId)).status).toBe('revoked');
    expect(await installStatus(shopId)).toBe(0);
    const info = await t.call(api.channelShop.info, { token: owner });
    expect(info.body.data).toMatchObject({ platform: 'shoplazza', status: 'revoked', authorized: false });
    expect(info.body.data.message).toBeTruthy();
    expect(info.body.data.reauthorize_url).toMatch(/^https:\/\/mint-tea\.myshoplaza\.com\/admin\//);
    // Nothing more is sent for a link that is not authorised.
    await expect(platformCredential(t.deps, shopId, 'shoplazza')).rejects.toBeInstanceOf(ShoplazzaUnauthorized);
  }, 30_000);
});

describe('Shopline tokens', () => {
  let shopId = '';
  let owner = '';
  const app = () => t.deps.config.platformApps.shopline!;
  const callShop = async () => {
    const { credential } = await platformCredential(t.deps, shopId, 'shopline');
    return (await shoplineRequest<{ data: { name: string } }>(app(), HANDLE, credential, 'merchants/shop.json')).body;
  };

  it('keeps the token\'s expiry from the install through the claim', async () => {
    ({ shopId, token: owner } = await installShoplineStore(t, line, HANDLE));
    await waitFor(async () => line.shop(HANDLE)!.webhooks.length === SHOPLINE_WEBHOOK_TOPICS.length, 20_000);
    const link = await linkOf(shopId);
    const left = link.tokenExpiresAt!.getTime() - Date.now();
    expect(left).toBeGreaterThan((HOUR_S - 120) * 1000);
    expect(left).toBeLessThanOrEqual(HOUR_S * 1000);
    // Shopline keeps no refresh token: the app's signature refreshes.
    expect(link.sealedRefreshToken).toBe('');
  }, 60_000);

  it('an expired token is refused, refreshed by the signed token/refresh and the call then succeeds', async () => {
    const before = await linkOf(shopId);
    const refreshes = line.refreshCount();
    line.expireTokens(HANDLE);
    const seen = line.requests.length;
    expect((await callShop()).data.name).toBe('mint-tea');
    expect(line.refreshCount()).toBe(refreshes + 1);
    expect(line.requests.slice(seen).map((r) => r.status)).toEqual([401, 200]);
    const after = await linkOf(shopId);
    expect(after.sealedToken).not.toBe(before.sealedToken);
    expect(line.shop(HANDLE)!.tokens.has(await openToken(t.deps, after.sealedToken, tokenContext.link(shopId, 'shopline')))).toBe(true);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + (HOUR_S - 120) * 1000);
  }, 30_000);

  it('a token about to expire is refreshed before the call is sent', async () => {
    await t.deps.dbh.db.update(platformConnections).set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(platformConnections.shopId, shopId));
    const refreshes = line.refreshCount();
    const seen = line.requests.length;
    expect((await callShop()).data.name).toBe('mint-tea');
    expect(line.refreshCount()).toBe(refreshes + 1);
    expect(line.requests.slice(seen).map((r) => r.status)).toEqual([200]);
  }, 30_000);

  it('the worker\'s sweep refreshes a token about to expire that nothing called for', async () => {
    await t.deps.dbh.db.update(platformConnections).set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(platformConnections.shopId, shopId));
    const refreshes = line.refreshCount();
    expect(await refreshExpiringTokens(t.deps)).toBe(1);
    expect(line.refreshCount()).toBe(refreshes + 1);
    expect((await linkOf(shopId)).tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + (HOUR_S - 120) * 1000);
    // Nothing is due any more (the Shoplazza store above is not authorised, and is left alone).
    expect(await refreshExpiringTokens(t.deps)).toBe(0);
  }, 30_000);

  it('a refused refresh marks the store not authorised, and the admin offers to reauthorise', async () => {
    line.revoke(HANDLE);
    await expect(callShop()).rejects.toBeInstanceOf(ShoplineUnauthorized);
    expect((await linkOf(shopId)).status).toBe('revoked');
    expect(await installStatus(shopId)).toBe(0);
    const info = await t.call(api.channelShop.info, { token: owner });
    expect(info.body.data).toMatchObject({ platform: 'shopline', status: 'revoked', authorized: false });
    expect(info.body.data.message).toBeTruthy();
    expect(info.body.data.reauthorize_url).toMatch(/^https:\/\/mint-tea\.myshopline\.com\/admin\//);
  }, 30_000);
});

describe('reading the token endpoints\' answers', () => {
  it('takes Shoplazza\'s expires_at in seconds, else created_at plus expires_in, Shopline\'s expireTime as ISO or epoch, and no odd value', () => {
    expect(shoplazzaIssued({ access_token: 'a', refresh_token: 'r', expires_at: 1_800_000_000 })).toEqual({
      accessToken: 'a', refreshToken: 'r', expiresAt: new Date(1_800_000_000_000), scope: '',
    });
    expect(shoplazzaIssued({ access_token: 'a', created_at: 1_800_000_000, expires_in: 3600 })!.expiresAt!.getTime()).toBe(1_800_003_600_000);
    expect(shoplazzaIssued({ access_token: 'a', expires_at: 'never' })!.expiresAt).toBeNull();
    expect(shoplazzaIssued({ access_token: '' })).toBeNull();
    expect(shoplineIssued({ data: { accessToken: 't', expireTime: '2026-12-01T00:00:00.000+08:00' } })!.expiresAt!.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(shoplineIssued({ data: { accessToken: 't', expireTime: '1795000000000' } })!.expiresAt!.getTime()).toBe(1_795_000_000_000);
    expect(shoplineIssued({ data: { accessToken: 't', expireTime: 1e20 } })!.expiresAt).toBeNull();
    expect(shoplineIssued({ data: { accessToken: 't', expireTime: 'soon' } })!.expiresAt).toBeNull();
    expect(shoplineIssued({ data: null })).toBeNull();
  });
});
