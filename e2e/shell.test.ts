import { translateError } from '@storecast/contract';
import { shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, snap } from './support/browser.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/** The admin shell around the pages: menu rules, mobile layout, store-change alert, sunset. */
const env = useAppAndBrowser();

describe('admin shell', () => {
  it('shows menu entries by the store flags of SPEC section 2', async () => {
    const owner = await seedOwner(env.app, 'Menu Store');
    const ctx = await newContext(env.browser);
    await signInContext(ctx, owner.token);
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/`);
    await page.waitForURL(/\/dashboard\/goals$/);
    const menu = page.getByTestId('top-menu');
    await menu.getByTestId('menu-dashboard').waitFor();
    expect(await menu.getByTestId('menu-custom').count()).toBe(0);
    expect(await menu.getByTestId('menu-popup').count()).toBe(1);
    expect(await menu.getByTestId('menu-popup-template').count()).toBe(0);

    await env.app.deps.dbh.db
      .update(shops)
      .set({ campaignStrategy: 1, guide: { subscribe_popup: 2, popup_strategy: 1 } })
      .where(eq(shops.id, owner.shopId));
    await page.reload();
    await menu.getByTestId('menu-custom').waitFor();
    expect(await menu.getByTestId('menu-popup').count()).toBe(0);
    expect(await menu.getByTestId('menu-custom-popup').count()).toBe(1);
    await snap(page, 'shell', 'menu-desktop');
    await ctx.close();
  });

  it('folds the menu into a drawer below 992 px', async () => {
    const owner = await seedOwner(env.app, 'Mobile Store');
    const ctx = await newContext(env.browser, { width: 800, locale: 'en-US' });
    await signInContext(ctx, owner.token, 'en-US');
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/dashboard/overview`);
    await page.getByTestId('menu-toggle').waitFor();
    expect(await page.getByTestId('top-menu').count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('drawer-menu').waitFor();
    await snap(page, 'shell', 'menu-mobile');
    await ctx.close();
  });

  it('asks to refresh when the store changed in another tab', async () => {
    const owner = await seedOwner(env.app, 'First Tab');
    const second = await owner.addStore('Second Tab');
    const ctx = await newContext(env.browser);
    await signInContext(ctx, owner.token, 'en-US');
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/dashboard/goals`);
    await expect.poll(() => page.getByTestId('header-store-name').textContent()).toContain('Second Tab');
    await owner.post('/shop/switch', { shop_id: owner.shopId }, owner.token);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByText(translateError('en-US', 'errors.login.changed')).waitFor();
    await snap(page, 'shell', 'store-changed');
    expect(second.shop_id).not.toBe(owner.shopId);
    await ctx.close();
  });

  it('sends a user whose session ended back to sign in with the SPEC message', async () => {
    const owner = await seedOwner(env.app, 'Ended Session');
    const ctx = await newContext(env.browser);
    await signInContext(ctx, owner.token, 'en-US');
    const page = await ctx.newPage();
    await owner.post('/shop-manager/login-out', {}, owner.token);
    await page.goto(`${env.app.baseUrl}/dashboard/liveview`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fliveview/);
    await page.getByText(translateError('en-US', 'errors.login.verifyFailed')).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('storecast.token'))).toBeFalsy();
    await ctx.close();
  });
});

describe('old-version notice', () => {
  let old: RunningApp;
  beforeAll(async () => {
    old = await startApp({ sunset: { date: '2025-10-31', url: `${env.app.baseUrl}/api/health`, stayParam: 'stay' } });
  });
  afterAll(() => old?.close());

  it('redirects the root to the new version', async () => {
    const ctx = await newContext(env.browser);
    const page = await ctx.newPage();
    await page.goto(`${old.baseUrl}/`);
    await page.waitForURL(`${env.app.baseUrl}/api/health`);
    await ctx.close();
  });

  it('stays with the test parameter, removes it and shows the banner', async () => {
    const ctx = await newContext(env.browser);
    const page = await ctx.newPage();
    await page.goto(`${old.baseUrl}/?stay=1`);
    await page.getByTestId('sunset-banner').waitFor();
    expect(new URL(page.url()).searchParams.has('stay')).toBe(false);
    expect(await page.getByTestId('sunset-link').getAttribute('href')).toBe(`${env.app.baseUrl}/api/health`);
    await snap(page, 'shell', 'sunset-banner');
    await ctx.close();
  });
});
