import type { Page } from 'playwright-core';

/** Page objects for the e-mail list, imports, exports and segments; by test id, any language. */

/** Opens an antd Select by its test id and picks the option with exactly this label. */
export async function choose(page: Page, testId: string, label: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // A list still fading out from the previous choice can swallow a click: check and retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    await expectNoOpenDropdown(page);
    await page.getByTestId(testId).click();
    await open.locator(`.ant-select-item-option[title="${label}"]`).first().click({ timeout: 5_000 }).catch(() => undefined);
    await expectNoOpenDropdown(page);
    if ((await page.getByTestId(testId).textContent())?.includes(label)) return;
  }
  throw new Error(`could not choose "${label}" in ${testId}`);
}

/** Puts a file into the import dragger as if the user had dropped it there. */
export async function dropImportFile(page: Page, name: string, content: string | Buffer, mimeType = 'text/csv') {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
}

/** Types a date range into the open dialog's antd RangePicker, both ends as YYYY-MM-DD. */
export async function fillDialogRange(page: Page, from: string, to: string) {
  const inputs = page.locator('.ant-modal .ant-picker input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
}

export const ymd = (d: Date) => d.toISOString().slice(0, 10);
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function expectNoOpenDropdown(page: Page) {
  for (let i = 0; i < 50 && (await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()) > 0; i++) {
    await page.waitForTimeout(50);
  }
}
