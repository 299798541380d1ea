import type { Page } from 'playwright-core';
import { awaitSettled } from '../support/await-settled.ts';

/**
 * Page objects for sign-up and sign-in; they drive the app by test ids, in any language.
 * Sign-up's first step: the details, up to the page that asks for the mailed code.
 */
export async function register(page: Page, u: { account: string; password: string }) {
  await page.getByTestId('register-account').fill(u.account);
  await page.getByTestId('register-password').fill(u.password);
  await page.getByTestId('register-confirm').fill(u.password);
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('register-code').waitFor();
}

/** Sign-up's second step: the code from the mail; the new account then connects a store. */
export async function enterSignUpCode(page: Page, code: string) {
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-code-submit').click();
}

/** Links a phone on the account page: number, SMS code (read by `readCode` once sent), link. */
export async function linkPhone(page: Page, mobile: string, readCode: () => Promise<string>) {
  await page.getByTestId('phone-new').fill(mobile);
  await page.getByTestId('phone-send-code').click();
  await page.getByTestId('phone-code').fill(await readCode());
  await page.getByTestId('phone-submit').click();
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
