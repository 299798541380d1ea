import type { Locale } from '@storecast/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { helpArticles } from '../apps/web/src/features/help/use-articles.ts';
import { loginByPassword } from './pages/auth-pages.ts';
import { awaitSettled } from './support/await-settled.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The admin shell as a new user meets it: the top bar at laptop widths, the built-in help centre
 * and support contact, the quota on a narrow screen, the named code box, a session ended
 * elsewhere, and the close icon of full pages.
 */
const env = useAppAndBrowser();

/** The seven entries a new store sees, in menu order. */
const ENTRIES = ['dashboard', 'automation', 'tags', 'element', 'popup', 'custom-popup', 'email-list'];

async function signedInPage(lang: Locale, width: number, name: string) {
  const owner = await seedOwner(env.app, name);
  const ctx = await newContext(env.browser, { width, locale: lang });
  await signInContext(ctx, owner.token, lang);
  return { owner, ctx, page: await ctx.newPage() };
}

describe.each<[Locale, number]>([['zh-CN', 1280], ['en-US', 1280], ['en-US', 1366]])('top bar in %s at %i px', (lang, width) => {
  it('shows all seven entries, the active one included, with nothing folded behind "..."', async () => {
    const { ctx, page } = await signedInPage(lang, width, `Bar ${lang} ${width}`);
    // The last entry is active: the first one to fold when the bar runs out of room.
    await page.goto(`${env.app.baseUrl}/email-list/list`);
    const menu = page.getByTestId('top-menu');
    await menu.getByTestId('menu-email-list').waitFor();
    for (const entry of ENTRIES) expect(await menu.getByTestId(`menu-${entry}`).isVisible(), entry).toBe(true);
    expect(await menu.locator('.ant-menu-overflow-item-rest').isVisible()).toBe(false);
    const active = menu.locator('.ant-menu-item-selected');
    expect(await active.isVisible()).toBe(true);
    expect(await active.textContent()).toBe(ui(lang, 'menu.emailList'));
    // Every entry lies inside the window, left of the language switcher.
    const switcher = (await page.getByTestId('lang-switcher').boundingBox())!;
    for (const entry of ENTRIES) {
      const box = (await menu.getByTestId(`menu-${entry}`).boundingBox())!;
      expect(box.x + box.width, entry).toBeLessThanOrEqual(switcher.x);
    }
    await snap(page, 'new-user-shell', `top-bar-${lang}-${width}`);
    await ctx.close();
  });
});

describe('send quota on a narrow screen', () => {
  it('is in the avatar menu at 800 px, with its link to more e-mails', async () => {
    const { ctx, page } = await signedInPage('en-US', 800, 'Narrow Quota');
    await page.goto(`${env.app.baseUrl}/dashboard/goals`);
    await page.getByTestId('avatar-dropdown').click();
    await awaitSettled(page.getByTestId('header-quota-more'));
    await expect.poll(() => page.getByTestId('header-quota-value').textContent()).toBe('500');
    await snap(page, 'new-user-shell', 'quota-avatar-800');
    await page.getByTestId('header-quota-more').click();
    await page.waitForURL(/\/store\/pricing-plan$/);
    // The drawer carries it too.
    await page.getByTestId('menu-toggle').click();
    await (await awaitSettled(page.getByTestId('menu-drawer').getByTestId('header-quota-more'))).click();
    await page.waitForURL(/\/store\/pricing-plan$/);
    await ctx.close();
  });
});

async function openAvatarItem(page: Page, key: string) {
  await page.getByTestId('avatar-dropdown').click();
  await (await awaitSettled(page.getByTestId(`avatar-item-${key}`))).click();
}

describe.each<Locale>(['zh-CN', 'en-US'])('help centre and support in %s', (lang) => {
  const articles = helpArticles[lang];

  it('opens the built-in help centre from the avatar menu of a default install', async () => {
    const { ctx, page } = await signedInPage(lang, 1280, `Help ${lang}`);
    await page.goto(`${env.app.baseUrl}/dashboard/goals`);
    await openAvatarItem(page, 'help');
    await page.waitForURL(/\/help$/);
    for (const a of articles) await page.getByTestId(`help-card-${a.slug}`).getByText(a.title).waitFor();
    await page.getByTestId('help-card-sender-domain').click();
    await page.waitForURL(/\/help\/sender-domain$/);
    expect(await page.getByTestId('help-title').textContent()).toBe(articles.find((a) => a.slug === 'sender-domain')!.title);
    const records = await page.getByTestId('help-article').locator('table').first().textContent();
    expect(records).toContain('_domainkey');
    expect(records).toContain('CNAME');
    await snap(page, 'new-user-shell', `help-dns-${lang}`);
    await page.getByTestId('help-back').click();
    await page.waitForURL(/\/dashboard\/goals$/);
    await ctx.close();
  });

  it('offers support by default, and the configured address when set', async () => {
    const { ctx, page } = await signedInPage(lang, 1280, `Support ${lang}`);
    await page.goto(`${env.app.baseUrl}/dashboard/goals`);
    await openAvatarItem(page, 'support');
    await page.waitForURL(/\/help\/contact$/);
    expect(await page.getByTestId('help-support-unset').textContent()).toBe(ui(lang, 'help.contact.unset'));
    await snap(page, 'new-user-shell', `support-default-${lang}`);

    env.app.deps.config.supportEmail = 'care@operator.example.com';
    try {
      await page.reload();
      const link = page.getByTestId('help-support-email').getByRole('link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('mailto:care@operator.example.com');
      expect(await page.getByTestId('help-support-unset').count()).toBe(0);
    } finally {
      env.app.deps.config.supportEmail = '';
    }
    await ctx.close();
  });

  it('is open before sign-in, from the sign-in page', async () => {
    const ctx = await newContext(env.browser, { locale: lang });
    await ctx.addInitScript((l) => window.origin !== 'null' && localStorage.setItem('storecast.language', l), lang);
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/login`);
    await page.getByTestId('auth-help').click();
    await page.waitForURL(/\/help$/);
    await page.getByTestId('help-card-import-contacts').click();
    expect(await page.getByTestId('help-title').textContent()).toBe(articles.find((a) => a.slug === 'import-contacts')!.title);
    await ctx.close();
  });
});

describe('configured help and support pages', () => {
  it('still open instead of the built-in ones', async () => {
    const { ctx, page } = await signedInPage('en-US', 1280, 'Own Help');
    const own = `${env.app.baseUrl}/api/health`;
    env.app.deps.config.helpUrl = own;
    try {
      await page.goto(`${env.app.baseUrl}/dashboard/goals`);
      await openAvatarItem(page, 'help');
      await page.waitForURL(own);
    } finally {
      env.app.deps.config.helpUrl = '';
    }
    await ctx.close();
  });
});

describe('a session ended elsewhere', () => {
  it('sends the user to sign in with the page to return to, and back there after', async () => {
    const owner = await seedOwner(env.app, 'Revoked Session');
    const ctx = await newContext(env.browser, { locale: 'en-US' });
    await ctx.addInitScript(() => window.origin !== 'null' && localStorage.setItem('storecast.language', 'en-US'));
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/email-list/list`);
    await page.waitForURL(/\/login\?redirect=%2Femail-list%2Flist$/);
    // Inputs are found by their accessible names, as a screen reader announces them.
    await page.getByRole('textbox', { name: ui('en-US', 'auth.fields.account') }).fill(owner.account);
    await page.locator('input[type=password]').and(page.getByLabel(ui('en-US', 'auth.fields.password'))).fill('shopping1');
    // The list page has loaded (its calls answered) before the session ends.
    const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}`);
    await Promise.all([answered('/subscriber/list'), answered('/tag/list'), answered('/segment/list'), page.getByTestId('login-submit').click()]);
    await page.waitForURL(/\/email-list\/list$/);
    await page.getByTestId('tab-email-list-history').waitFor();

    // The same session signed out from another device.
    const token = await page.evaluate(() => localStorage.getItem('storecast.token'));
    await owner.post('/shop-manager/login-out', {}, token!);

    await page.getByTestId('tab-email-list-history').click();
    await page.waitForURL(/\/login\?redirect=%2Femail-list%2Fhistory$/);
    await snap(page, 'new-user-shell', 'session-ended');
    await loginByPassword(page, owner.account, 'shopping1');
    await page.waitForURL(/\/email-list\/history$/);
    await ctx.close();
  });

  it('names the code box of sign-in by code', async () => {
    const ctx = await newContext(env.browser, { locale: 'en-US' });
    await ctx.addInitScript(() => window.origin !== 'null' && localStorage.setItem('storecast.language', 'en-US'));
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/login`);
    await page.getByTestId('login-tab-code').click();
    const code = page.getByRole('textbox', { name: ui('en-US', 'auth.fields.code') });
    await code.waitFor();
    expect(await code.getAttribute('data-testid')).toBe('login-code');
    await ctx.close();
  });
});

describe('the close icon of a full page', () => {
  it('goes back one step inside the app, and to the parent when opened directly', async () => {
    const { ctx, page } = await signedInPage('en-US', 1280, 'Close Icon');
    await page.goto(`${env.app.baseUrl}/email-list/tags`);
    await page.getByTestId('tab-email-list-list').click();
    await page.waitForURL(/\/email-list\/list$/);
    await page.getByTestId('subscriber-import').click();
    await page.waitForURL(/\/email-list\/import-upload$/);
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/email-list\/list$/);
    await page.goBack();
    await page.waitForURL(/\/email-list\/tags$/);

    await page.goto(`${env.app.baseUrl}/email-list/import-upload`);
    await page.getByTestId('edit-close').click();
    await page.waitForURL(/\/email-list\/list$/);
    await ctx.close();
  });
});
