import { api } from '@storecast/contract';
import { platformConnections } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import type { FakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import type { TestApp } from '../../test/start-test-app.ts';
import { APP_EMBED_HANDLE } from './app-embed-status.ts';
import { installShoplazzaStore, installShoplineStore } from './test/install-from-fakes.ts';
import { type PlatformFakes, startWithPlatformFakes } from './test/start-with-platform-fakes.ts';

/**
 * GET /shop/app-embed-block on Shoplazza and Shopline stores: whether the live theme's settings
 * switch our app embed on (read from the fakes' theme API), the theme editor's link that opens the
 * app embeds with ours selected, unknown while the link is not authorised, and the token refreshed
 * when it has expired.
 */
const LAZZA = 'embed-tea.myshoplaza.com';
const HANDLE = 'embed-tea';
let lazza: FakeShoplazza;
let line: FakeShopline;
let t: TestApp;
let k: PlatformFakes;

beforeAll(async () => {
  k = await startWithPlatformFakes({ shoplazza: LAZZA, shopline: HANDLE });
  ({ lazza, line, t } = k);
});
afterAll(() => k?.close());

const embedOf = async (token: string) => {
  const res = await t.call(api.popup.embedBlock, { token });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data.app_embed;
};
const revoke = (shopId: string) => t.deps.dbh.db.update(platformConnections).set({ status: 'revoked' }).where(eq(platformConnections.shopId, shopId));

describe('the app embed of a Shoplazza store', () => {
  const editor = `https://${LAZZA}/admin/card?context=apps&activateAppBlockId=lazza-key/${APP_EMBED_HANDLE}`;

  it('is off, then on once switched on in the live theme, then off when disabled, with the theme editor\'s link', async () => {
    const owner = await installShoplazzaStore(t, lazza, LAZZA);
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: false, editor_url: editor });
    lazza.setAppEmbed(LAZZA, 'storecast', APP_EMBED_HANDLE, true);
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: true, editor_url: editor });
    // Another app's embed, or ours disabled, is not ours on.
    lazza.setAppEmbed(LAZZA, 'storecast', 'other-embed', true);
    expect((await embedOf(owner.token)).enabled).toBe(false);
    lazza.setAppEmbed(LAZZA, 'storecast', APP_EMBED_HANDLE, false);
    expect((await embedOf(owner.token)).enabled).toBe(false);

    // Read with a refreshed token once the old one expired.
    lazza.setAppEmbed(LAZZA, 'storecast', APP_EMBED_HANDLE, true);
    lazza.expireTokens(LAZZA);
    const refreshes = lazza.refreshCount();
    expect((await embedOf(owner.token)).enabled).toBe(true);
    expect(lazza.refreshCount()).toBe(refreshes + 1);

    // Not authorised: unknown, the link still offered.
    await revoke(owner.shopId);
    const seen = lazza.requests.length;
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: null, editor_url: editor });
    expect(lazza.requests.length).toBe(seen);
  }, 60_000);
});

describe('the app embed of a Shopline store', () => {
  const editor = `https://${HANDLE}.myshopline.com/admin/theme/editor?context=apps&activateAppId=line-key/${APP_EMBED_HANDLE}`;

  it('is off, then on once switched on in the live theme, then off when disabled, with the theme editor\'s link', async () => {
    const owner = await installShoplineStore(t, line, HANDLE);
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: false, editor_url: editor });
    line.setAppEmbed(HANDLE, 'storecast', APP_EMBED_HANDLE, true);
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: true, editor_url: editor });
    line.setAppEmbed(HANDLE, 'storecast', APP_EMBED_HANDLE, false);
    expect((await embedOf(owner.token)).enabled).toBe(false);

    line.setAppEmbed(HANDLE, 'storecast', APP_EMBED_HANDLE, true);
    line.expireTokens(HANDLE);
    const refreshes = line.refreshCount();
    expect((await embedOf(owner.token)).enabled).toBe(true);
    expect(line.refreshCount()).toBe(refreshes + 1);

    await revoke(owner.shopId);
    expect(await embedOf(owner.token)).toEqual({ applicable: true, enabled: null, editor_url: editor });
  }, 60_000);
});
