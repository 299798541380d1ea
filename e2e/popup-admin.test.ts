import { translateError, type Locale } from '@storecast/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { choose } from './pages/audience-pages.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { awaitSettled } from './support/await-settled.ts';
import { visit } from './support/open-in-app.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The pop-up pages in the browser, once per language: the subscription pop-up's content and
 * conditions (a refusal in the admin's language, a save, the live preview drawn by the
 * storefront's own code at desktop and phone widths), a pop-up of the centre made from a gallery
 * template and switched on, and the template manager of an internal store.
 */
const env = useAppAndBrowser();

/** Text inside the preview's shadow root (Playwright's CSS locators pierce open shadow roots). */
const previewText = (page: Page, s: string): Locator => page.getByTestId('preview-host').getByText(s, { exact: false }).first();

describe.each<Locale>(['zh-CN', 'en-US'])('pop-up admin in %s', (lang) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const shots = `popup-admin-${lang}`;
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;

  beforeAll(async () => {
    owner = await seedOwner(env.app, `Popup ${lang}`);
    // The template manager is for the internal stores the configuration names.
    env.app.deps.config.internalShopIds = [...env.app.deps.config.internalShopIds, owner.shopId];
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });

  it('shows the subscription pop-up with its script tag and numbers', async () => {
    await page.goto(`${env.app.baseUrl}/popup`);
    await page.getByTestId('popup-enabled').waitFor();
    await page.getByTestId('popup-snippet').waitFor();
    expect(await page.getByTestId('popup-snippet').textContent()).toMatch(/<script[^>]+pk_[0-9a-f]{32}/);
    expect(await page.getByTestId('popup-views').textContent()).toBe('0');
    await text(ui(lang, 'popup.home.embedTitle')).waitFor();
    await snap(page, shots, '01-popup-home');
  });

  it('refuses a title that is too long in the admin\'s language, then saves the content', async () => {
    await page.getByTestId('popup-edit-content').click();
    await page.waitForURL(/\/popup\/content$/);
    const title = page.getByTestId(`content-${lang}-title`);
    await title.fill('x'.repeat(81));
    await text(err('errors.popup.titleTooLong')).waitFor();
    await page.getByTestId('popup-save').click();
    await text(ui(lang, 'popup.fixErrors')).waitFor();

    const fresh = lang === 'zh-CN' ? '春季新品抢先订阅' : 'Be first for spring';
    await title.fill(fresh);
    // The preview shows the shopper language of the admin first, drawn by the storefront code.
    await previewText(page, fresh).waitFor();
    await page.getByTestId(`content-layout-corner`).click();
    const saved = await awaitApiCall(page, '/popup/save', () => page.getByTestId('popup-save').click());
    expect(saved.code).toBe(100);
    expect((saved.data as { content: { layout: string; texts: Record<Locale, { title: string }> } }).content).toMatchObject({ layout: 'corner', texts: { [lang]: { title: fresh } } });
    await page.getByTestId('content-layout-center').click();
    await previewText(page, fresh).waitFor();
    await snap(page, shots, '02-content-desktop');
    const desktop = (await page.getByTestId('preview-host').boundingBox())!;

    await page.getByTestId('preview-device-phone').click();
    await page.locator('[data-testid="preview-host"][data-device="phone"]').waitFor();
    await previewText(page, fresh).waitFor();
    const phone = (await page.getByTestId('preview-host').boundingBox())!;
    // The phone page is 375 px wide and never drawn larger than the box the desktop page fits.
    expect(phone.width).toBeLessThan(desktop.width);
    await page.getByTestId('preview-host').screenshot({ path: `${import.meta.dirname}/screenshots/${shots}/03-preview-phone.png` });
    await page.getByTestId('preview-device-desktop').click();
    await page.locator('[data-testid="preview-host"][data-device="desktop"]').waitFor();
    await page.getByTestId('preview-host').screenshot({ path: `${import.meta.dirname}/screenshots/${shots}/04-preview-desktop.png` });
    // The same drawing at full size, in a dialog.
    await page.getByTestId('preview-enlarge').click();
    const large = await awaitSettled(page.getByTestId('preview-large'));
    await large.getByText(fresh, { exact: false }).first().waitFor();
    await large.screenshot({ path: `${import.meta.dirname}/screenshots/${shots}/04-preview-desktop-large.png` });
    await page.keyboard.press('Escape');
    await large.waitFor({ state: 'detached' });

    // The other shopper language and the view after a sign-up.
    const other: Locale = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
    await page.getByTestId(`preview-language-${other}`).click();
    await page.locator(`[data-testid="preview-host"][data-language="${other}"]`).waitFor();
    await page.getByTestId('preview-view-success').click();
    await previewText(page, 'WELCOME10').waitFor();
    await page.getByTestId('preview-host').screenshot({ path: `${import.meta.dirname}/screenshots/${shots}/05-preview-success-${other}.png` });
  });

  it('refuses a page name over 10 characters, then saves the conditions', async () => {
    await page.goto(`${env.app.baseUrl}/popup/condition`);
    await page.getByTestId('cond-pages-include').click();
    await page.getByTestId('cond-page-add').click();
    await page.getByTestId('cond-page-name').fill('a-very-long-name');
    await text(err('errors.popup.pageNameTooLong')).waitFor();
    await page.getByTestId('cond-page-value').fill('/collections');
    await page.getByTestId('cond-scroll').fill('100');
    await page.getByTestId('cond-scroll').blur();
    await text(err('errors.popup.scrollPercent')).waitFor();
    await snap(page, shots, '06-condition-errors');

    await page.getByTestId('cond-page-name').fill('Sale');
    await page.getByTestId('cond-scroll').fill('60');
    await page.getByTestId('cond-trigger-scroll').click();
    await page.getByTestId('cond-double-opt-in').click();
    const saved = await awaitApiCall(page, '/popup/save', () => page.getByTestId('popup-save').click());
    expect(saved.code).toBe(100);
    expect(saved.data).toMatchObject({
      double_opt_in: true,
      conditions: { pages: { mode: 'include', rules: [{ name: 'Sale', match: 'contains', value: '/collections' }] }, trigger: { type: 'scroll', scroll_percent: 60 } },
    });
  });

  it('makes a pop-up from a gallery template, switches it on and lists it', async () => {
    await page.goto(`${env.app.baseUrl}/custom-popup`);
    await page.getByTestId('popup-create').click();
    await page.waitForURL(/\/custom-popup\/template$/);
    await page.getByTestId('gallery-card').first().waitFor();
    expect(await page.getByTestId('gallery-card').count()).toBeGreaterThanOrEqual(8);
    await page.getByTestId('template-cover-drawing').first().waitFor();
    await snap(page, shots, '07-gallery');

    await choose(page, 'gallery-filter-activity', ui(lang, 'popup.activities.welcome'));
    await expect.poll(() => page.getByTestId('gallery-card').count()).toBeLessThan(8);
    const card = page.getByTestId('gallery-card').first();
    const templateName = (await card.getByTestId('gallery-card-name').textContent())!;
    await card.getByTestId('gallery-use').click();
    await page.waitForURL(/\/custom-popup\/content\?id=/);
    const name = page.getByTestId('popup-name');
    await name.waitFor();
    expect(await name.inputValue()).toContain(templateName);
    await name.fill(`Welcome ${lang}`);
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/custom-popup\/condition\?id=/);
    await page.getByTestId('cond-delay').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/custom-popup$/);

    const row = page.getByTestId('popup-row').filter({ hasText: `Welcome ${lang}` });
    await row.waitFor();
    const switched = await awaitApiCall(page, '/custom-popup/switch', () => row.getByTestId('popup-row-enabled').click());
    expect(switched.code).toBe(100);
    expect(switched.data).toMatchObject({ enabled: true });
    await expect.poll(() => row.getByTestId('popup-row-enabled').getAttribute('aria-checked')).toBe('true');
    expect(await row.getByTestId('popup-row-rate').textContent()).toBe('0%');
    // Opening the row draws its 30 days.
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('popup-daily-chart').waitFor();
    await snap(page, shots, '08-centre-list');
  });

  it('manages a template as an internal store', async () => {
    await page.goto(`${env.app.baseUrl}/popup-template`);
    await page.getByTestId('menu-popup-template').waitFor();
    await page.getByTestId('template-row').first().waitFor();
    await page.getByTestId('template-create').click();
    const drawer = await awaitSettled(page.getByRole('dialog').filter({ has: page.getByTestId('template-name-zh') }));
    await drawer.getByTestId('template-name-zh').fill('测试模板');
    await drawer.getByTestId('template-name-en').fill(`Test template ${lang}`);
    await drawer.getByTestId('template-sort').fill('-1');
    await drawer.getByTestId('template-sort').blur();
    await text(err('errors.popup.sort')).waitFor();
    await drawer.getByTestId('template-sort').fill('3');
    await drawer.getByTestId(`content-${lang}-title`).fill(lang === 'zh-CN' ? '模板标题' : 'Template title');
    const saved = await awaitApiCall(page, '/popup-template/save', () => drawer.getByTestId('template-save').click());
    expect(saved.code).toBe(100);
    expect(saved.data).toMatchObject({ name_en: `Test template ${lang}`, sort: 3, status: 'draft' });

    const row = page.getByTestId('template-row').filter({ hasText: `Test template ${lang}` });
    await row.waitFor();
    expect(await row.getByTestId('template-row-status').textContent()).toBe(ui(lang, 'popup.statuses.draft'));
    const published = await awaitApiCall(page, '/popup-template/status', () => row.getByTestId('template-row-publish').click());
    expect(published.data).toMatchObject({ status: 'published' });
    await expect.poll(() => row.getByTestId('template-row-status').textContent()).toBe(ui(lang, 'popup.statuses.published'));
    await snap(page, shots, '09-template-manager');
    const retired = await awaitApiCall(page, '/popup-template/status', () => row.getByTestId('template-row-retire').click());
    expect(retired.data).toMatchObject({ status: 'retired' });
  });

  // Before the menu is hidden below: every pop-up page at a laptop's 1366 px and a phone's 390 px,
  // with nothing wider than the window.
  it.each([1366, 390])('fits every pop-up page at %i px', async (width) => {
    await page.setViewportSize({ width, height: 844 });
    const pages: [string, string][] = [
      ['/popup', 'popup-snippet'],
      ['/popup/content', `content-${lang}-title`],
      ['/popup/condition', 'cond-visitors'],
      ['/custom-popup', 'popup-create'],
      ['/custom-popup/template', 'gallery-card'],
      ['/popup-template', 'template-create'],
    ];
    // At one width each page loads as a deep link would, at the other the router moves between
    // them as the menu does: both ways in are checked, at half the cost of loading every page twice.
    for (const [path, testId] of pages) {
      await visit(page, `${env.app.baseUrl}${path}`, width === 390);
      await page.getByTestId(testId).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      await snap(page, shots, `10-${width}${path.replaceAll('/', '-')}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('hides the pop-up centre menu entry on request', async () => {
    await page.goto(`${env.app.baseUrl}/custom-popup`);
    await page.getByTestId('menu-custom-popup').waitFor();
    await page.getByTestId('popup-hide-menu').click();
    const ok = page.locator('.ant-modal-confirm .ant-btn-primary');
    await (await awaitSettled(ok)).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByTestId('menu-custom-popup').waitFor({ state: 'detached' });
    expect(await page.getByTestId('menu-popup').count()).toBe(1);

    // The way back: store info's menu switches.
    await page.goto(`${env.app.baseUrl}/store/store-info`);
    const centre = page.getByTestId('store-menu-popup_strategy');
    await centre.waitFor();
    expect(await centre.getAttribute('aria-checked')).toBe('false');
    await centre.click();
    await page.getByTestId('menu-custom-popup').waitFor();
    expect(await centre.getAttribute('aria-checked')).toBe('true');
  });
});
