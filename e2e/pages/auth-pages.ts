import type { Page } from 'playwright-core';
import { awaitSettled } from '../support/await-settled.ts';

/** Page objects for sign-up and sign-in; they drive the app by test ids, in any language. */
export async function register(page: Page, u: { account: string; password: string; mobile?: string }) {
  await page.getByTestId('register-account').fill(u.account);
  await page.getByTestId('register-password').fill(u.password);
  await page.getByTestId('register-confirm').fill(u.password);
  if (u.mobile) await page.getByTestId('register-mobile').fill(u.mobile);
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
}

export async function loginByPassword(page: Page, account: string, password: string) {
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function logout(page: Page) {
  await page.getByTestId('avatar-dropdown').click();
  await (await awaitSettled(page.getByTestId('avatar-item-logout'))).click();
  await page.waitForURL(/\/login\?redirect=/);
}

export async function switchLanguage(page: Page, lang: string) {
  await page.getByTestId('lang-switcher').click();
  const option = await awaitSettled(page.getByTestId(`lang-option-${lang}`));
  await Promise.all([page.waitForEvent('load'), option.click()]);
}
