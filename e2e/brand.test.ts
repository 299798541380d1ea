import { translateError, type Locale } from '@storecast/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../apps/server/src/test/make-images.ts';
import { choose } from './pages/audience-pages.ts';
import { awaitDialogOf, awaitSettled } from './support/await-settled.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * Brand assets in the browser, once per language: upload a logo and read the advice, set the
 * colours and a social link, save and see them after a reload; add a coupon preset (with the
 * hint above 30 %); set the sales attribution window and trigger.
 */
const env = useAppAndBrowser();

// Image addresses are absolute (mail clients fetch them); here the product listens on a free port.
beforeAll(() => {
  env.app.deps.config.publicUrl = env.app.baseUrl.replace(/\/$/, '');
});

/** Opens a ColorPicker by its test id, types a hex colour and closes it. */
async function pickColour(page: Page, testId: string, hex: string) {
  await page.getByTestId(testId).click();
  const input = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input input');
  await awaitSettled(input);
  await input.fill(hex);
  await input.press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input').waitFor({ state: 'detached', timeout: 3_000 }).catch(() => undefined);
}

describe.each<Locale>(['zh-CN', 'en-US'])('brand assets in %s', (lang) => {
  const err = (key: string, params: Record<string, string | number> = {}) => translateError(lang, key, params);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  let page: Page;

  beforeAll(async () => {
    const owner = await seedOwner(env.app, `Brand ${lang}`);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });

  it('refuses to save the style without a logo', async () => {
    await page.goto(`${env.app.baseUrl}/store/brand-assets`);
    await page.getByTestId('style-save').click();
    await text(err('errors.style.logoRequired')).waitFor();
    await snap(page, `brand-${lang}`, '01-logo-required');
  });

  it('uploads a logo and shows the advice for a PNG', async () => {
    await page.getByTestId('style-logo-upload').locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(800, 200) });
    await page.getByTestId('style-logo-advice').waitFor();
    expect(await page.getByTestId('style-logo-advice').textContent()).toContain(err('notices.style.logoFormat'));
    const src = await page.getByTestId('style-logo-preview').getAttribute('src');
    expect(src).toMatch(/\/media\/[0-9a-f-]{36}\.png$/);
    // The preview really loads: the image is public.
    await expect.poll(() => page.getByTestId('style-logo-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  });

  it('sets colours and a social link, refusing a bad link first, and saves', async () => {
    await pickColour(page, 'style-content-color', 'f6f1e7');
    await pickColour(page, 'style-button-bg-color', '0f7a5c');
    await page.getByTestId('style-social-add').click();
    await choose(page, 'style-social-type-0', ui(lang, 'brand.social.instagram'));
    await page.getByTestId('style-social-url-0').fill('instagram.com/tea');
    await page.getByTestId('style-save').click();
    await text(err('errors.content.link')).waitFor();
    await page.getByTestId('style-social-url-0').fill('https://instagram.com/tea');
    await snap(page, `brand-${lang}`, '02-style-filled');
    await page.getByTestId('style-save').click();
    await text(ui(lang, 'brand.style.saved')).waitFor();
  });

  it('shows the saved style after a reload', async () => {
    await page.reload();
    await page.getByTestId('style-logo-preview').waitFor();
    expect(await page.getByTestId('style-social-url-0').inputValue()).toBe('https://instagram.com/tea');
    expect((await page.getByTestId('style-social-type-0').textContent())).toContain(ui(lang, 'brand.social.instagram'));
    expect((await page.getByTestId('style-content-color').textContent())?.toLowerCase()).toContain('f6f1e7');
    const bg = await page.getByTestId('style-button-preview').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(15, 122, 92)');
    await snap(page, `brand-${lang}`, '03-style-saved');
  });

  it('adds a coupon preset, with the hint above 30 %', async () => {
    await page.getByTestId('coupon-add').click();
    // A click while the dialog is still zooming in can be lost (see awaitSettled).
    const dialog = await awaitDialogOf(page, page.getByTestId('coupon-code'));
    await page.getByTestId('coupon-save').click();
    await text(err('errors.preset.codeRequired')).waitFor();
    await page.getByTestId('coupon-code').fill('TEA45');
    await page.getByTestId('coupon-discount').fill('45');
    await page.getByTestId('coupon-discount-hint').waitFor();
    expect(await page.getByTestId('coupon-discount-hint').textContent()).toContain(err('notices.preset.discountHint'));
    await snap(page, `brand-${lang}`, '04-coupon-hint');
    await page.getByTestId('coupon-save').click();
    await text(ui(lang, 'brand.coupon.saved')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('coupon-row').filter({ hasText: 'TEA45' }).waitFor();
    expect(await page.getByTestId('coupon-row').first().textContent()).toContain('45%');
  });

  it('keeps titles and images in the content library', async () => {
    await page.getByTestId('library-title-input').fill('Spring tea sale');
    await page.getByTestId('library-title-add').click();
    await page.getByTestId('library-title-row').filter({ hasText: 'Spring tea sale' }).waitFor();
    await page.getByRole('tab', { name: ui(lang, 'brand.library.images') }).click();
    await page.getByTestId('library-image-upload').locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(600, 300, { rgb: [240, 180, 60] }) });
    await page.getByTestId('library-image-card').filter({ hasText: 'banner.png' }).waitFor();
    await page.getByTestId('library-image-upload').locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await text(err('errors.upload.imageType')).waitFor();
    await snap(page, `brand-${lang}`, '05-library-images');
  });

  it('sets the sales attribution window and trigger', async () => {
    await page.goto(`${env.app.baseUrl}/store/sales-attribution`);
    await page.getByTestId('attribution-days').waitFor();
    expect(await page.getByTestId('attribution-days').inputValue()).toBe('5');
    await page.getByTestId('attribution-days').fill('7');
    await page.getByTestId('attribution-trigger').getByText(ui(lang, 'brand.attribution.open')).click();
    await page.getByTestId('attribution-save').click();
    await text(ui(lang, 'brand.attribution.saved')).waitFor();
    await page.reload();
    await page.getByTestId('attribution-days').waitFor();
    expect(await page.getByTestId('attribution-days').inputValue()).toBe('7');
    expect(await page.getByTestId('attribution-trigger').locator('.ant-radio-wrapper-checked').textContent()).toBe(ui(lang, 'brand.attribution.open'));
    await snap(page, `brand-${lang}`, '06-attribution');
  });
});
