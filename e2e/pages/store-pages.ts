import type { Page } from 'playwright-core';
import { awaitSettled } from '../support/await-settled.ts';

/** Fills the store form shared by /connect/plat and /store/store-info. */
export async function fillStoreForm(page: Page, s: { name?: string; homepage?: string; currency?: string }) {
  if (s.name !== undefined) await page.getByTestId('store-name').fill(s.name);
  if (s.homepage !== undefined) await page.getByTestId('store-homepage').fill(s.homepage);
  if (s.currency) {
    // A click on an option while the list still moves in is lost on a busy machine: wait for the
    // list to settle, and for the field to show the currency before going on.
    await page.getByTestId('store-currency').click();
    await awaitSettled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await page.getByTestId(`currency-option-${s.currency}`).click();
    await page.getByTestId('store-currency').filter({ hasText: s.currency }).waitFor();
  }
}

export async function connectStore(page: Page, s: { name: string; homepage: string; currency: string }) {
  await page.getByTestId('platform-card-custom').click();
  await fillStoreForm(page, s);
  await page.getByTestId('connect-submit').click();
  await page.waitForURL(/\/dashboard\/goals$/);
}
