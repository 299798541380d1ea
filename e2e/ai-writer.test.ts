import type { Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/**
 * "Write it for me" in the Segment Send wizard with no AI configured: the built-in writer fills
 * the subject and preview text on the setting step, and the e-mail's text on the content step,
 * in the admin's language. zh-CN runs on the embedded PGlite, en-US on PostgreSQL.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('write it for me in %s on %s', (lang, database) => {
  let app: RunningApp;
  let page: Page;
  const store = `Leaf ${lang}`;
  const brief = lang === 'zh-CN' ? '中秋礼盒' : 'Autumn gift boxes';
  const written = lang === 'zh-CN' ? '已由内置写作助手生成' : 'Written by the built-in writer';

  beforeAll(async () => {
    app = await startApp({}, { database });
    expect(app.deps.config.ai.baseUrl).toBeUndefined();
    const owner = await seedOwner(app, store);
    const ctx = await newContext(browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(() => app?.close());

  it('fills the subject and preview text on the setting step', async () => {
    await page.goto(`${app.baseUrl}/tags/setting`);
    await page.getByTestId('send-write-for-me').click();
    await awaitSettled(page.getByTestId('send-write-for-me-write'));
    await page.getByTestId('send-write-for-me-brief').fill(brief);
    await page.getByTestId('send-write-for-me-write').click();
    await expect.poll(() => page.getByTestId('send-subject').inputValue()).toContain(brief);
    expect(await page.getByTestId('send-summary').inputValue()).not.toBe('');
    await page.getByText(written, { exact: false }).first().waitFor();
    const first = await page.getByTestId('send-subject').inputValue();
    // Asking again writes other words. The pop-over closes once it has written: a click while it
    // is still leaving would meet the leave motion half-way, so the next one waits for it to go.
    await page.getByTestId('send-write-for-me-write').waitFor({ state: 'hidden' });
    await page.getByTestId('send-write-for-me').click();
    await awaitSettled(page.getByTestId('send-write-for-me-write'));
    await page.getByTestId('send-write-for-me-write').click();
    await expect.poll(() => page.getByTestId('send-subject').inputValue()).not.toBe(first);
    await snap(page, lang, 'ai-writer-01-setting');
  });

  it('writes the e-mail\'s text on the content step', async () => {
    await page.getByTestId('send-name').fill(`AI ${lang}`);
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/template\?id=.+/);
    await page.getByTestId('template-starter').click();
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/content\?id=/);
    await page.getByTestId('send-write-body').click();
    await awaitSettled(page.getByTestId('send-write-body-write'));
    await page.getByTestId('send-write-body-write').click();
    await page.locator('[data-type="text"]').first().click();
    await expect.poll(() => page.getByTestId('block-html').inputValue()).toContain(store);
    expect(await page.getByTestId('block-html').inputValue()).toMatch(/^<p><strong>.+<\/strong><\/p><p>/);
    await snap(page, lang, 'ai-writer-02-content');
  });
});
