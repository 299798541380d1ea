import { type Locale, translateError } from '@storecast/contract';
import { platformConnections } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCode } from '../apps/server/src/test/sign-up.ts';
import { type FakeShopify, onFake, routeShopifyToFake, startFakeShopify } from '../apps/server/src/test/fake-shopify/start-fake-shopify.ts';
import { startWorker } from '../apps/server/src/start-worker.ts';
import { enterSignUpCode, register } from './pages/auth-pages.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * Connecting a Shopify store, once per language, against a fake Shopify on loopback (the server's
 * Shopify library routed to it in-process, the browser's requests to the shop routed to it by the
 * browser context): sign up, open the app's URL as Shopify does, pass the shop's authorize page,
 * claim the store on /connect/plat?claim=…, watch the first sync end on the dashboard; an order
 * webhook counted there; the theme app embed off, then on; the uninstall webhook shows the
 * not-authorised message, and reauthorising from it brings the owner back authorised; Shopify
 * sales-channel tokens saved and shown only as set.
 */
const KEY = 'storecast-e2e-key';
const SECRET = 'storecast-e2e-secret';

let app: RunningApp;
let stopWorker: () => Promise<void>;
const browser = {} as { it: Awaited<ReturnType<typeof launchBrowser>> };

beforeAll(async () => {
  [app, browser.it] = await Promise.all([startApp({ platformApps: { shopify: { apiKey: KEY, apiSecret: SECRET } } }),
    // Shopify's hosts resolve to loopback, never the Internet.
    launchBrowser(['--host-resolver-rules=MAP *.myshopify.com 127.0.0.1, MAP admin.shopify.com 127.0.0.1'])]);
  // Shopify sends the owner back to PUBLIC_URL, known once the app listens.
  app.deps.config.publicUrl = app.baseUrl.replace(/\/$/, '');
  stopWorker = await startWorker(app.deps, app.app.log);
});
afterAll(async () => {
  await stopWorker?.();
  await browser.it?.close();
  await app?.close();
});

/**
 * The browser cannot reach `https://<shop>` or Shopify's admin. The app's URL answers with a
 * redirect to the shop's authorize page: that hop is taken here, against the fake, as the owner's
 * approval would (chromium tries the network for a redirect to a routed https host before the
 * route answers), and the browser is sent on to the callback the fake signed, with the state
 * cookie the app set. Opening the app from the shop's admin (the reauthorise link) is Shopify
 * sending the owner to the app's URL with its signature.
 */
async function routeBrowserToFake(ctx: BrowserContext, fake: FakeShopify) {
  await ctx.route((url) => url.pathname === '/api/platforms/shopify/install' && url.searchParams.get('shop') === fake.shop, async (route) => {
    const begin = await route.fetch({ maxRedirects: 0 });
    const authorize = begin.headers().location ?? '';
    if (begin.status() !== 302 || !authorize.startsWith(`https://${fake.shop}/admin/oauth/authorize`)) return route.fulfill({ response: begin });
    const approve = await fetch(onFake(authorize), { redirect: 'manual' });
    await route.fulfill({ status: 302, headers: { ...begin.headers(), location: approve.headers.get('location') ?? '' } });
  });
  const name = fake.shop.replace('.myshopify.com', '');
  // Shopify's admin is a page that opens the app (a redirect answered by a route is not routed again).
  await ctx.route(`https://admin.shopify.com/store/${name}/apps/**`, (route) => route.fulfill({
    status: 200,
    contentType: 'text/html',
    body: `<!DOCTYPE html><title>Shopify admin</title><script>location.href = ${JSON.stringify(`${app.baseUrl}/api/platforms/shopify/install?${fake.installQuery()}`)};</script>`,
  }));
}

describe.each<[Locale]>([['zh-CN'], ['en-US']])('connecting a Shopify store in %s', (lang) => {
  const shots = `platform-connect-${lang}`;
  const shop = `green-tea-${lang.toLowerCase()}.myshopify.com`;
  const account = `plat.${lang.toLowerCase()}@example.com`;
  let fake: FakeShopify;
  let unroute: () => void;
  let page: Page;
  let ctx: BrowserContext;

  beforeAll(async () => {
    fake = await startFakeShopify({ apiKey: KEY, apiSecret: SECRET, shop, shopName: `Green Tea ${lang}`, currencyCode: 'USD', primaryLocale: lang === 'zh-CN' ? 'zh-CN' : 'en' });
    // A small shop: its orders within the last twelve months, so the first sync brings them in.
    fake.seed({ customers: 25, orders: 40, products: 6, start: Date.now() - 200 * 86_400_000, spanDays: 180 });
    unroute = routeShopifyToFake(fake);
    // Shopify's library answers a user agent it takes for a bot (headless chromium's says
    // "HeadlessChrome") without the redirect; an owner's browser says Chrome.
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.it.version().split('.')[0]}.0.0.0 Safari/537.36`;
    ctx = await newContext(browser.it, { locale: lang, userAgent });
    await routeBrowserToFake(ctx, fake);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    unroute?.();
    await fake?.close();
  });

  it('signs up, installs from Shopify, claims the store and watches the first sync end on the dashboard', async () => {
    await page.goto(`${app.baseUrl}/register`);
    if (lang !== 'zh-CN') {
      await page.evaluate((l) => localStorage.setItem('storecast.language', l), lang);
      await page.reload();
    }
    await register(page, { account, password: 'shopping1' });
    await enterSignUpCode(page, await readCode(app, 'email', account));
    await page.waitForURL(/\/connect\/plat/);
    // The Shopify card explains the install and checks the domain with the server's sentence.
    await page.getByTestId('platform-card-shopify').click();
    await page.getByTestId('platform-domain').fill('green tea');
    await page.getByTestId('platform-open').click();
    await page.getByText(translateError(lang, 'errors.store.shopDomainFormat')).waitFor();
    await snap(page, shots, '01-choose-shopify');

    // Shopify opens the app's URL with its signature; the fake's authorize page approves at once.
    await page.goto(`${app.baseUrl}/api/platforms/shopify/install?${fake.installQuery()}`);
    await page.waitForURL(/\/connect\/plat\?claim=/);
    await expect.poll(() => page.getByTestId('claim-domain').textContent()).toBe(shop);
    expect(await page.getByTestId('claim-name').textContent()).toBe(`Green Tea ${lang}`);
    expect(await page.getByText(ui(lang, 'platformLink.claim.title')).count()).toBe(1);
    await snap(page, shots, '02-claim');
    const claimUrl = page.url();

    await page.getByTestId('claim-connect').click();
    await page.getByTestId('sync-progress').waitFor();
    await snap(page, shots, '03-sync');
    await page.waitForURL(/\/dashboard/, { timeout: 90_000 });
    await page.getByTestId('dashboard-store-name').filter({ hasText: `Green Tea ${lang}` }).waitFor();
    await snap(page, shots, '04-dashboard');

    // The link is spent: opening it again says so, in this language, with a way back.
    const again = await ctx.newPage();
    await again.goto(claimUrl);
    await again.getByTestId('claim-error').waitFor();
    expect(await again.getByTestId('claim-error').textContent()).toBe(translateError(lang, 'errors.store.claimInvalid'));
    await snap(again, shots, '05-claim-spent');
    await again.close();
  });

  it('counts an order the shop sends by webhook on the dashboard', async () => {
    const storeOrders = async () => Number(await page.getByTestId('overview-store-orders').getAttribute('data-orders'));
    await page.goto(`${app.baseUrl}/dashboard/overview`);
    await page.getByTestId('overview-store-orders').waitFor();
    const before = await storeOrders();
    const now = new Date().toISOString();
    const delivery = await fake.sendWebhook('orders/create', {
      id: 880001, email: 'walk-in@example.com', currency: 'USD', financial_status: 'paid', cancelled_at: null,
      total_price: '42.00', current_total_price: '42.00', created_at: now, processed_at: now, updated_at: now,
      customer: { id: 770001, email: 'walk-in@example.com' },
      line_items: [{ id: 8800010, product_id: 1, title: 'Sencha', quantity: 1, price: '42.00' }],
    });
    expect(delivery.status).toBe(200);
    // The job applies it and the rollups count it: the page shows it once it is counted.
    await expect.poll(async () => {
      await page.reload();
      await page.getByTestId('overview-store-orders').waitFor();
      return storeOrders();
    }).toBe(before + 1);
    await snap(page, shots, '06-order-counted');
  });

  it('shows whether the theme app embed is on, with the theme editor at it', async () => {
    const state = page.getByTestId('app-embed-state');
    await page.goto(`${app.baseUrl}/popup`);
    await expect.poll(() => state.getAttribute('data-state')).toBe('off');
    expect(await state.textContent()).toBe(ui(lang, 'platformLink.embed.off'));
    expect(await page.getByTestId('app-embed-editor').getAttribute('href'))
      .toBe(`https://${shop}/admin/themes/current/editor?context=apps&activateAppId=${KEY}/storecast-embed`);
    await snap(page, shots, '06b-embed-off');
    // The owner switches it on in the theme editor.
    fake.theme.setAppEmbed('storecast', 'storecast-embed', true);
    await page.reload();
    await expect.poll(() => state.getAttribute('data-state')).toBe('on');
    expect(await state.textContent()).toBe(ui(lang, 'platformLink.embed.on'));
  });

  it('shows the not-authorised message after the uninstall and reauthorises from it', async () => {
    await fake.sendWebhook('app/uninstalled', { id: 954889, domain: shop, myshopify_domain: shop, name: `Green Tea ${lang}` });
    await expect.poll(async () => (await app.deps.dbh.db.select({ s: platformConnections.status }).from(platformConnections)
      .where(eq(platformConnections.shopDomain, shop)))[0]?.s).toBe('uninstalled');
    // Where the owner lands: the dashboard, whichever of its tabs.
    await page.goto(`${app.baseUrl}/dashboard`);
    const alert = page.getByTestId('platform-not-authorized');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(translateError(lang, 'errors.store.notConnected'));
    expect(await page.getByTestId('platform-reauthorize').textContent()).toContain(ui(lang, 'platformLink.link.reauthorize'));
    await snap(page, shots, '07-not-authorised');

    // The reauthorise link opens the app from the shop's admin; the install finds the linked store.
    await page.getByTestId('platform-reauthorize').click();
    await page.waitForURL(/\/dashboard/);
    await page.getByTestId('dashboard-store-name').waitFor();
    await page.goto(`${app.baseUrl}/dashboard/overview`);
    await expect.poll(async () => (await app.deps.dbh.db.select({ s: platformConnections.status }).from(platformConnections)
      .where(eq(platformConnections.shopDomain, shop)))[0]?.s).toBe('authorized');
    await page.reload();
    await page.getByTestId('overview-store-orders').waitFor();
    expect(await page.getByTestId('platform-not-authorized').count()).toBe(0);

    // The tokens of a custom or headless setup on /store/api-token: written, then only "set".
    await page.goto(`${app.baseUrl}/store/api-token`);
    await page.getByTestId('shopify-tokens-domain').waitFor();
    expect(await page.getByTestId('shopify-tokens-domain').inputValue()).toBe(shop);
    expect(await page.getByTestId('shopify-admin-set').getAttribute('data-set')).toBe('no');
    await page.getByTestId('shopify-admin-token').fill(`shpat_${'a1'.repeat(16)}`);
    await page.getByTestId('shopify-tokens-save').click();
    await expect.poll(() => page.getByTestId('shopify-admin-set').getAttribute('data-set')).toBe('yes');
    expect(await page.getByTestId('shopify-admin-token').inputValue()).toBe('');
    expect(await page.getByTestId('shopify-admin-set').textContent()).toBe(ui(lang, 'platformLink.tokens.set'));
    await snap(page, shots, '08-tokens');
  });
});
