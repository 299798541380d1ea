import type { Locale } from '@storecast/contract';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * A page whose code fails to download (a deploy replaced the chunks, or the network dropped one):
 * the admin reloads once and recovers, and when the chunk fails again it shows a retry page in the
 * admin's language, never the router's developer page, and does not reload in a loop.
 */
const env = useAppAndBrowser();
const RAW_ROUTER_PAGE = 'Unexpected Application Error';

describe.each<[Locale, { title: string; retry: string }]>([
  ['zh-CN', { title: '页面未能加载', retry: '重试' }],
  ['en-US', { title: 'This page could not load', retry: 'Try again' }],
])('a chunk that fails to load in %s', (lang, words) => {
  let page: Page;
  /** Page loads of the tab (the first, and each reload). */
  let loads = 0;
  /** The chunks the tab downloaded for the first page; later ones belong to the page opened next. */
  const known = new Set<string>();

  beforeAll(async () => {
    const owner = await seedOwner(env.app, `Chunks ${lang}`);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
    });
  });
  afterAll(() => page?.context().close());

  /** Opens the dashboard, then the Segment Send home, failing new chunks while `fail` says so. */
  async function openTagsFailing(fail: (url: string) => boolean) {
    await page.unrouteAll();
    await page.goto(`${env.app.baseUrl}/dashboard/overview`);
    await page.getByTestId('menu-dashboard').first().waitFor();
    // The overview as a user sees it, its charts' chunks fetched or its first-steps guide shown.
    await page.getByTestId('overview-empty').or(page.locator('[data-drawn="true"]')).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Each test starts as a fresh tab would: no reload remembered from the test before.
    await page.evaluate(() => sessionStorage.clear());
    const seen = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    for (const url of seen) known.add(url);
    // Only chunks asked for once the next page is opened fail: on a slow machine the dashboard
    // can still be fetching a late chunk of its own after the network went quiet.
    let opened = false;
    await page.route('**/assets/*.js', (route: Route) => {
      const url = route.request().url();
      return opened && !known.has(url) && fail(url) ? route.abort('failed') : route.continue();
    });
    loads = 0;
    opened = true;
    // A link inside the app, as a user opens the next page: the page's chunk is fetched now.
    await page.evaluate(() => {
      history.pushState({}, '', '/tags');
      dispatchEvent(new PopStateEvent('popstate'));
    });
  }

  it('reloads once and shows the page when the chunk arrives on the second try', async () => {
    const failed = new Set<string>();
    await openTagsFailing((url) => {
      if (failed.size) return false;
      failed.add(url);
      return true;
    });
    await page.getByTestId('send-new').waitFor();
    expect(failed.size).toBe(1);
    expect(loads).toBe(1);
    expect(await page.getByText(RAW_ROUTER_PAGE).count()).toBe(0);
  });

  it('shows a retry page in the admin\'s language when the chunk fails again, and retries on request', async () => {
    let failing = true;
    await openTagsFailing(() => failing);
    const errorPage = page.getByTestId('page-error');
    await errorPage.waitFor();
    await expect.poll(() => errorPage.innerText()).toContain(words.title);
    // One reload for the failed chunk, then no more: the tab remembers it tried.
    await page.waitForLoadState('load');
    expect(loads).toBe(1);
    expect(await page.getByText(RAW_ROUTER_PAGE).count()).toBe(0);
    await snap(page, 'chunk-failure', `retry-${lang}`);

    failing = false;
    await page.getByTestId('page-error-retry').filter({ hasText: words.retry }).click();
    await page.getByTestId('send-new').waitFor();
    expect(await page.getByTestId('page-error').count()).toBe(0);
  });
});
