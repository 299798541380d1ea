import type { Page } from 'playwright-core';

/** Page objects of Segment Send (/tags), by test id so they work in both languages. */

/** Adds a block from the palette and returns its position in the block list. */
export async function addBlock(page: Page, type: string): Promise<number> {
  await page.getByTestId(`block-add-${type}`).click();
  const selected = page.locator('[data-testid^="block-"][data-selected="true"]');
  await selected.waitFor();
  const testId = (await selected.getAttribute('data-testid'))!;
  return Number(testId.replace('block-', ''));
}

/** Types a date and time into the send-later picker and confirms it. */
export async function fillSendAt(page: Page, value: string) {
  const input = page.getByTestId('send-at').locator('input').first();
  const fallback = page.locator('.ant-picker input').first();
  const target = (await input.count()) ? input : fallback;
  await target.click();
  await target.fill(value);
  await target.press('Enter');
}

/** "YYYY-MM-DD HH:mm" of an instant in a time zone. */
export function wallClock(ms: number, timeZone: string): string {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const g = (t: string) => p.find((x) => x.type === t)!.value;
  return `${g('year')}-${g('month')}-${g('day')} ${g('hour')}:${g('minute')}`;
}
