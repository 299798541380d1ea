import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose } from './pages/audience-pages.ts';
import { loginByPassword } from './pages/auth-pages.ts';
import { newContext } from './support/browser.ts';
import { seedOwner } from './support/seed-owner.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The admin under its Content-Security-Policy in a real browser: signing in, antd's forms, menus
 * and dropdowns, and the e-mail preview (a sandboxed srcdoc frame under the same policy) must all
 * work without a single refusal. Refusals are collected from the console of every frame and from
 * the page's securitypolicyviolation events.
 */
const env = useAppAndBrowser();
let ctx: BrowserContext;
let page: Page;
let owner: Awaited<ReturnType<typeof seedOwner>>;
const refusals: string[] = [];

beforeAll(async () => {
  owner = await seedOwner(env.app, 'Policy store');
  await owner.post('/subscriber/save', { email: 'ann-csp@example.net', first_name: 'Ann' }, owner.token);
  await owner.post('/segment/save', { name: 'Ann', match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'ann-' }] }, owner.token);
  ctx = await newContext(env.browser, { locale: 'en-US' });
  await ctx.addInitScript(() => {
    if (window.origin !== 'null') localStorage.setItem('storecast.language', 'en-US');
    document.addEventListener('securitypolicyviolation', (e) => {
      const el = e.target instanceof Element ? e.target.outerHTML.slice(0, 200) : String(e.target);
      console.error(`Refused (event): ${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber} ${el}`);
    });
  });
  page = await ctx.newPage();
  page.on('console', (m) => {
    const text = m.text();
    if (/Refused to|Content Security Policy|Refused \(event\)/i.test(text)) refusals.push(text);
  });
});
afterAll(() => ctx?.close());

describe('content security policy in the browser', () => {
  it('serves the admin with a nonce policy that changes on every load', async () => {
    const first = await page.goto(`${env.app.baseUrl}/login`);
    const policy = first!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first!.headers()['x-frame-options']).toBe('DENY');
    const again = await page.request.get(`${env.app.baseUrl}/login`);
    expect(again.headers()['content-security-policy']).not.toBe(policy);
  });

  it('signs in and shows antd pages without a refusal', async () => {
    await loginByPassword(page, owner.account, 'shopping1');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${env.app.baseUrl}/store/store-info`);
    await page.getByTestId('store-info-edit').click();
    await page.getByTestId('store-info-save').waitFor();
    await page.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown').first().waitFor();
    await page.keyboard.press('Escape');
    // The avatar menu is a popup that adds style elements of its own when first opened.
    await page.getByTestId('avatar-dropdown').click();
    await page.getByTestId('avatar-item-logout').waitFor();
    await page.keyboard.press('Escape');
    expect(refusals).toEqual([]);
  });

  it('shows the e-mail preview with the mail\'s own styles', async () => {
    await page.goto(`${env.app.baseUrl}/tags`);
    await page.getByTestId('send-new').click();
    await page.waitForURL(/\/tags\/setting$/);
    await page.getByTestId('send-name').fill('Policy check');
    await choose(page, 'send-segments', 'Ann');
    await page.getByTestId('send-subject').fill('Hello');
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/template\?id=.+/);
    await page.getByTestId('template-starter').click();
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/content\?id=/);
    const frame = page.frameLocator('[data-testid="preview-frame-desktop"]');
    // The starter's button, in the admin's language, rendered by the server into the frame.
    await frame.getByText('Shop now').first().waitFor({ timeout: 20_000 });
    // The mail's own style elements carry the page's nonce, so they are not refused.
    const html = await page.getByTestId('preview-frame-desktop').getAttribute('srcdoc');
    expect(html).toMatch(/<style[^>]* nonce="[\w+/=]+"/);
    expect(refusals).toEqual([]);
  });

  it('draws the report\'s echarts charts without a refusal', async () => {
    const id = new URL(page.url()).searchParams.get('id')!;
    // One sent and opened mail recorded straight in the database: the charts need a series, and
    // sending for real is the Segment Send story's business.
    await env.app.deps.dbh.query(`update strategies set status = 'sent', started_at = now() - interval '1 hour' where id = $1`, [id]);
    await env.app.deps.dbh.query(
      `insert into deliveries (shop_id, strategy_id, email, status, sent_at, opened_at)
       values ($1, $2, 'ann-csp@example.net', 'sent', now() - interval '50 minutes', now() - interval '20 minutes')`,
      [owner.shopId, id],
    );
    await page.goto(`${env.app.baseUrl}/tags/strategy-report?id=${id}`);
    const chart = page.getByTestId('report-chart-engagement').locator('canvas').first();
    await chart.waitFor();
    // The tooltip is a node echarts styles at run time.
    await chart.hover();
    expect(refusals).toEqual([]);
  });

  it('draws the pop-up preview (the storefront code, in a shadow root) without a refusal', async () => {
    await page.goto(`${env.app.baseUrl}/popup/content`);
    const title = page.getByTestId('content-en-US-title');
    await title.fill('Policy pop-up');
    // Playwright's CSS locators pierce the preview's open shadow root.
    await page.getByTestId('preview-host').getByText('Policy pop-up').first().waitFor();
    await page.getByTestId('preview-device-phone').click();
    await page.locator('[data-testid="preview-host"][data-device="phone"]').getByText('Policy pop-up').first().waitFor();
    expect(refusals).toEqual([]);
  });

  it('keeps Swagger UI working under its own policy', async () => {
    await page.goto(`${env.app.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(refusals).toEqual([]);
  });
});
