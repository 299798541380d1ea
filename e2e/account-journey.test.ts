import { translateError, type Locale } from '@storecast/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { enterSignUpCode, linkPhone, loginByPassword, logout, register, switchLanguage } from './pages/auth-pages.ts';
import { readCode } from '../apps/server/src/test/sign-up.ts';
import { connectStore, fillStoreForm } from './pages/store-pages.ts';
import { awaitSettled } from './support/await-settled.ts';
import { newContext, snap } from './support/browser.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The walking skeleton's user story, as a new user lives it, once per language: register with
 * the mailed code, connect a store, look around the shell, edit the store, change the password,
 * add and switch stores, link a phone, log out and back in by password and by SMS code.
 */
const env = useAppAndBrowser();

const text = (page: Page, s: string) => page.getByText(s, { exact: false }).first();

/**
 * The code of the newest mail or SMS in the local outbox. It leaves after the server's answer
 * (and the page may not have had that answer yet), so this waits for it to arrive.
 */
async function latestCode(channel: 'email' | 'sms', recipient: string): Promise<string> {
  await expect.poll(() => readCode(env.app, channel, recipient), { message: `no code in the outbox for ${recipient}` }).not.toBe('');
  return readCode(env.app, channel, recipient);
}

describe.each<[Locale, string]>([
  ['zh-CN', '13800138001'],
  ['en-US', '13800138002'],
])('account journey in %s', (lang, mobile) => {
  const account = `owner.${lang.toLowerCase()}@example.com`;
  const firstPassword = 'shopping1';
  const newPassword = 'shopping2';
  const err = (key: string) => translateError(lang, key);
  let page: Page;

  beforeAll(async () => {
    const ctx = await newContext(env.browser);
    page = await ctx.newPage();
  });

  it('sends a visitor to sign in, keeping where they wanted to go', async () => {
    await page.goto(`${env.app.baseUrl}/store/store-info`);
    await page.waitForURL(/\/login\?redirect=%2Fstore%2Fstore-info/);
    if (lang !== 'zh-CN') await switchLanguage(page, lang);
    expect(await page.evaluate(() => localStorage.getItem('storecast.language') ?? 'zh-CN')).toBe(lang);
    await snap(page, lang, '01-login');
  });

  it('registers with the rules of the contract, in the chosen language', async () => {
    await page.getByTestId('login-register-link').click();
    await page.waitForURL(/\/register/);
    await page.getByTestId('register-account').fill('not-an-email');
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-submit').click();
    await text(page, err('errors.account.format')).waitFor();
    await text(page, err('errors.password.rule')).waitFor();
    await snap(page, lang, '02-register-errors');
    // A typo in the address: the way back keeps what was typed, and the right one gets the code.
    const typo = account.replace('@', '@mail.');
    await register(page, { account: typo, password: firstPassword });
    expect(await page.getByTestId('register-code-sent').textContent()).toContain(typo);
    // The resend waits out the server's countdown.
    expect(await page.getByTestId('register-resend').isDisabled()).toBe(true);
    await page.getByTestId('register-change-address').click();
    expect(await page.getByTestId('register-account').inputValue()).toBe(typo);
    await register(page, { account, password: firstPassword });
    expect(await page.getByTestId('register-code-sent').textContent()).toContain(account);
    await page.getByTestId('register-code').fill('12');
    await page.getByTestId('register-code-submit').click();
    await text(page, err('errors.code.format')).waitFor();
    await enterSignUpCode(page, '000000');
    await text(page, err('errors.code.wrong')).waitFor();
    await snap(page, lang, '02b-register-code');
    await enterSignUpCode(page, await latestCode('email', account));
    await page.waitForURL(/\/connect\/plat/);
  });

  it('connects a custom store and lands on the dashboard with real quota', async () => {
    await page.getByTestId('connect-submit').click();
    await text(page, err('errors.store.nameRequired')).waitFor();
    await fillStoreForm(page, { name: 'Tea House', homepage: 'not a link' });
    await page.getByTestId('connect-submit').click();
    await text(page, err('errors.store.homepageFormat')).waitFor();
    await snap(page, lang, '03-connect-errors');
    await fillStoreForm(page, { homepage: 'tea-house.example.com' });
    await connectStore(page, { name: 'Tea House', homepage: 'https://tea-house.example.com', currency: 'EUR' });
    // At 1280 px the quota and membership are in the avatar menu, leaving the bar to the menu.
    await page.getByTestId('avatar-dropdown').click();
    await awaitSettled(page.getByTestId('header-quota-more'));
    await expect.poll(() => page.getByTestId('header-quota-value').textContent()).toContain('500');
    await page.getByTestId('header-membership-level').waitFor();
    expect(await page.getByTestId('header-store-name').textContent()).toContain('Tea House');
    await snap(page, lang, '04-dashboard');
    await page.getByTestId('avatar-dropdown').click();
    await page.getByTestId('header-quota-more').waitFor({ state: 'hidden' });
  });

  it('edits the store on /store/store-info', async () => {
    await page.getByTestId('avatar-dropdown').click();
    await (await awaitSettled(page.getByTestId('avatar-item-store'))).click();
    await page.goto(`${env.app.baseUrl}/store/store-info`);
    // Without a postal address the page says so; the address is entered in the same form.
    await page.getByTestId('store-info-address-missing').waitFor();
    await page.getByTestId('store-info-edit').click();
    await fillStoreForm(page, { name: 'Tea House Shanghai' });
    await page.getByTestId('store-postal-address').fill('88 Longjing Road\nHangzhou 310000');
    await page.getByTestId('store-info-save').click();
    await expect.poll(() => page.getByTestId('header-store-name').textContent()).toContain('Tea House Shanghai');
    await expect.poll(() => page.getByTestId('store-info-address').textContent()).toBe('88 Longjing Road\nHangzhou 310000');
    await snap(page, lang, '05-store-info');
  });

  it('changes the password on /account-setting/user', async () => {
    await page.goto(`${env.app.baseUrl}/account-setting/user`);
    await page.getByTestId('password-old').fill(firstPassword);
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-confirm').fill('shopping3');
    await page.getByTestId('password-submit').click();
    await text(page, err('errors.password.mismatch')).waitFor();
    await page.getByTestId('password-confirm').fill(newPassword);
    await page.getByTestId('password-submit').click();
    await text(page, err('notices.password.changed')).waitFor();
    await snap(page, lang, '06-password');
  });

  it('links a phone on /account-setting/user with its SMS code', async () => {
    await page.goto(`${env.app.baseUrl}/account-setting/user`);
    await page.getByTestId('phone-current').waitFor();
    await linkPhone(page, mobile, () => latestCode('sms', mobile));
    await text(page, err('notices.signUp.phoneLinked')).waitFor();
    await expect.poll(() => page.getByTestId('phone-current').textContent()).toBe(mobile);
    await snap(page, lang, '06b-phone');
  });

  it('adds a second store and switches between stores', async () => {
    await page.goto(`${env.app.baseUrl}/account-setting/shop`);
    await page.getByTestId('store-add').click();
    await page.waitForURL(/\/connect\/plat/);
    await connectStore(page, { name: 'Second Shop', homepage: 'second.example.com', currency: 'USD' });
    expect(await page.getByTestId('header-store-name').textContent()).toContain('Second Shop');
    await page.goto(`${env.app.baseUrl}/account-setting/shop`);
    await expect.poll(() => page.getByTestId('store-row').count()).toBe(2);
    await snap(page, lang, '07-stores');
    await page.getByTestId('store-switch').click();
    await expect.poll(() => page.getByTestId('header-store-name').textContent()).toContain('Tea House Shanghai');
  });

  it('logs out and back in by password, landing where the redirect says', async () => {
    await page.goto(`${env.app.baseUrl}/account-setting/user`);
    await logout(page);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account-setting/user');
    await loginByPassword(page, account, firstPassword);
    await text(page, err('errors.login.failed')).waitFor();
    await loginByPassword(page, account, newPassword);
    await page.waitForURL(/\/account-setting\/user$/);
  });

  it('logs in by phone and verification code', async () => {
    await logout(page);
    await page.getByTestId('login-tab-code').click();
    // The tab says where a phone is linked.
    await page.getByTestId('login-code-hint').waitFor();
    await page.getByTestId('login-mobile').fill(mobile);
    await page.getByTestId('login-send-code').click();
    await text(page, err('notices.code.sent')).waitFor();
    // The countdown keeps the button busy so the code cannot be asked for again at once.
    expect(await page.getByTestId('login-send-code').isDisabled()).toBe(true);
    await page.getByTestId('login-code').fill(await latestCode('sms', mobile));
    await snap(page, lang, '08-code-login');
    await page.getByTestId('login-code-submit').click();
    await page.waitForURL(/\/account-setting\/user$/);
    expect(await page.getByTestId('header-store-name').textContent()).toContain('Tea House Shanghai');
  });

  it('shows /404 for an unknown path', async () => {
    await page.goto(`${env.app.baseUrl}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
  });
});
