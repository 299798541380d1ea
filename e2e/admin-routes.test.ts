import type { Locale } from '@storecast/contract';
import { shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';
import { ui } from './support/ui-text.ts';

/**
 * The admin's routes of SPEC section 2 in the browser, once per language: the store-setting and
 * account-info pages, where each full page's close icon leads, the sign-in button's name after a
 * refused sign-in, the calendar's today in the store's time zone.
 */
const env = useAppAndBrowser();

/**
 * Every full page (edit layout) with the page its close icon leads to when the page was opened
 * by a full page load: the page that opens it, or the section it belongs to.
 */
const FULL_PAGES: [path: string, closesTo: RegExp][] = [
  ['/store/verify-sender-domain', /\/store\/sender-info$/],
  ['/store-setting/shop', /\/store\/store-info$/],
  ['/store-setting/brand-assets', /\/store\/brand-assets$/],
  ['/store-setting/access-management', /\/account-setting\/shop$/],
  ['/email-list/import-upload', /\/email-list\/list$/],
  ['/automation/strategy-edit', /\/automation$/],
  ['/tags/setting', /\/tags$/],
  ['/tags/template', /\/tags$/],
  ['/tags/content', /\/tags$/],
  ['/tags/confirm', /\/tags$/],
  ['/element/products', /\/element$/],
  ['/element/matching', /\/element$/],
  ['/element/content', /\/element$/],
  ['/element/confirm', /\/element$/],
  ['/popup/content', /\/popup$/],
  ['/popup/condition', /\/popup$/],
  ['/custom-popup/template', /\/custom-popup$/],
  ['/custom-popup/content', /\/custom-popup$/],
  ['/custom-popup/condition', /\/custom-popup$/],
  ['/connect/plat', /\/dashboard\/goals$/],
];

/** The day it is now in a time zone, as YYYY-MM-DD. */
const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

describe.each<Locale>(['zh-CN', 'en-US'])('admin routes in %s', (lang) => {
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  const shots = `admin-routes-${lang}`;

  beforeAll(async () => {
    owner = await seedOwner(env.app, `Routes ${lang}`);
    await seedVerifiedSender(env.app.deps.dbh, owner.shopId);
  });

  // One signed-in page serves the tests that need nothing of their own: each opens its page by a
  // full load first, and a new profile per test cost a second of the browser's time apiece.
  let shared: Promise<Page> | undefined;
  const signedInPage = () => (shared ??= (async () => {
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    return ctx.newPage();
  })());
  afterAll(async () => {
    await (await shared)?.context().close();
  });
  const tab = (page: Page, section: string, child: string) => page.getByTestId(`tab-${section}-${child}`);

  it('opens /store-setting on its store page and its brand-assets child, as full pages', async () => {
    const page = await signedInPage();
    await page.goto(`${env.app.baseUrl}/store-setting`);
    await page.waitForURL(/\/store-setting\/shop$/);
    expect(await page.getByTestId('store-info-name').textContent()).toBe(`Routes ${lang}`);
    expect(await page.getByTestId('top-menu').count()).toBe(0);
    expect(await tab(page, 'store-setting', 'shop').textContent()).toBe(ui(lang, 'store.info.title'));
    expect(await tab(page, 'store-setting', 'access-management').textContent()).toBe(ui(lang, 'account.access.title'));
    await tab(page, 'store-setting', 'brand-assets').click();
    await page.waitForURL(/\/store-setting\/brand-assets$/);
    await page.getByTestId('brand-style-card').waitFor();
    await page.getByTestId('edit-close').waitFor();
    expect(await page.title()).toContain(ui(lang, 'brand.assets.title'));
    await snap(page, shots, 'store-setting-brand-assets');
  });

  it('chooses the language the store writes to shoppers in on its store page, apart from the admin\'s', async () => {
    const other: Locale = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
    const page = await signedInPage();
    await page.goto(`${env.app.baseUrl}/store/store-info`);
    await page.getByTestId('store-info-edit').click();
    await page.getByTestId('store-language').click();
    await page.getByTestId(`store-language-option-${other}`).click();
    await page.getByTestId('store-language').filter({ hasText: ui(lang, other === 'en-US' ? 'common.language.enUS' : 'common.language.zhCN') }).waitFor();
    await awaitApiCall(page, '/shop/save-info', () => page.getByTestId('store-info-save').click());
    // The details show the store's language; the admin keeps the reader's own.
    expect(await page.getByTestId('store-info-language').textContent()).toBe(ui(lang, other === 'en-US' ? 'common.language.enUS' : 'common.language.zhCN'));
    expect(await page.getByTestId('store-info-edit').textContent()).toBe(ui(lang, 'common.edit'));
    const [row] = await env.app.deps.dbh.db.select({ language: shops.language }).from(shops).where(eq(shops.id, owner.shopId));
    expect(row!.language).toBe(other);
  });

  it('opens /store/account-info with the account\'s own settings as a tab of /store', async () => {
    const page = await signedInPage();
    await page.goto(`${env.app.baseUrl}/store/account-info`);
    await page.getByTestId('password-old').waitFor();
    expect(page.url()).toMatch(/\/store\/account-info$/);
    expect(await tab(page, 'store', 'account-info').textContent()).toBe(ui(lang, 'store.accountInfo.title'));
    await snap(page, shots, 'store-account-info');
  });

  it('closes every full page opened by a full page load to its parent', async () => {
    const page = await signedInPage();
    for (const [path, closesTo] of FULL_PAGES) {
      await page.goto(`${env.app.baseUrl}${path}`);
      await page.getByTestId('edit-close').click();
      // The path in the message: a loop's time-out alone does not say which page failed to close.
      await page.waitForURL(closesTo).catch((e: Error) => {
        throw new Error(`${path} closed to ${page.url()}, not ${closesTo}: ${e.message.split('\n')[0]}`);
      });
    }
  });

  it('closes a full page to the app page the user came from when a link opened it in a new tab', async () => {
    const page = await signedInPage();
    await page.goto(`${env.app.baseUrl}/store/verify-sender-domain`, { referer: `${env.app.baseUrl}/dashboard/overview` });
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/dashboard\/overview$/);
  });

  it('closes a full page opened inside the app back one step', async () => {
    const page = await signedInPage();
    await page.goto(`${env.app.baseUrl}/store/account-info`);
    await tab(page, 'store', 'sender-info').click();
    await page.getByTestId('sender-domain-link').click();
    await page.waitForURL(/\/store\/verify-sender-domain$/);
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/store\/sender-info$/);
    // A step back, not a new entry: the browser's back button now leaves the sender page.
    await page.goBack();
    await page.waitForURL(/\/store\/account-info$/);

    await page.goto(`${env.app.baseUrl}/account-setting/shop`);
    await page.getByTestId('access-management-link').click();
    await page.waitForURL(/\/store-setting\/access-management$/);
    await tab(page, 'store-setting', 'shop').click();
    await page.waitForURL(/\/store-setting\/shop$/);
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/store-setting\/access-management$/);
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/account-setting\/shop$/);
  });

  it('names the sign-in button by its label alone after a refused and an aborted sign-in', async () => {
    const ctx = await newContext(env.browser, { locale: lang });
    await ctx.addInitScript((l) => {
      if (window.origin !== 'null') localStorage.setItem('storecast.language', l);
    }, lang);
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/login`);
    const submit = page.getByRole('button', { name: ui(lang, 'auth.login.submit'), exact: true });
    await submit.waitFor();
    await page.getByTestId('login-account').fill(owner.account);
    await page.getByTestId('login-password').fill('wrongpass1');
    const refused = await awaitApiCall(page, '/shop-manager/login', () => submit.click());
    expect(refused.code).not.toBe(100);
    await page.locator('.ant-btn-loading').waitFor({ state: 'detached' });
    expect(await submit.count()).toBe(1);

    await page.route('**/api/shop-manager/login', (route) => route.abort());
    await Promise.all([page.waitForEvent('requestfailed'), submit.click()]);
    await page.locator('.ant-btn-loading').waitFor({ state: 'detached' });
    expect(await submit.count()).toBe(1);
    await ctx.close();
  });

  it('marks today in the store\'s time zone on the calendar, not the 1st nor the browser\'s day', async () => {
    // The browser is a day ahead of the store all day long: UTC+14 against UTC-11.
    const storeZone = 'Pacific/Pago_Pago';
    await env.app.deps.dbh.db.update(shops).set({ timezone: storeZone }).where(eq(shops.id, owner.shopId));
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang, timezoneId: 'Pacific/Kiritimati', reducedMotion: 'reduce' });
    await signInContext(ctx, owner.token, lang);
    const page = await ctx.newPage();
    const before = dayIn(storeZone);
    await page.goto(`${env.app.baseUrl}/dashboard/calendar`);
    const today = page.locator('[aria-current="date"]');
    await today.waitFor();
    const day = (await today.locator('[data-testid^="calendar-day-"]').getAttribute('data-testid'))!.slice('calendar-day-'.length);
    expect([before, dayIn(storeZone)]).toContain(day);
    expect(await page.locator('.ant-picker-calendar-date-today').count()).toBe(1);
    const selected = page.locator('td.ant-picker-cell-selected [data-testid^="calendar-day-"]');
    expect(await selected.getAttribute('data-testid')).toBe(`calendar-day-${day}`);
    expect(await page.getByTestId('calendar-month').textContent()).toBe(day.slice(0, 7));
    await snap(page, shots, 'calendar-today');
    await ctx.close();
    await env.app.deps.dbh.db.update(shops).set({ timezone: 'Asia/Shanghai' }).where(eq(shops.id, owner.shopId));
  });
});
