import type { Page } from 'playwright-core';

/** Fills the store form shared by /connect/plat and /store/store-info. */
export async function fillStoreForm(page: Page, s: { name?: string; homepage?: string; currency?: string }) {
  if (s.name !== undefined) await page.getByTestId('store-name').fill(s.name);
  if (s.homepage !== undefined) await page.getByTestId('store-homepage').fill(s.homepage);
  if (s.currency) {
    await page.getByTestId('store-currency').click();
    await page.getByTestId(`currency-option-${s.currency}`).click();
  }
}

export async function connectStore(page: Page, s: { name: string; homepage: string; currency: string }) {
  await page.getByTestId('platform-card-custom').click();
  await fillStoreForm(page, s);
  await page.getByTestId('connect-submit').click();
  await page.waitForURL(/\/dashboard\/goals$/);
}
