import type { Page } from 'playwright-core';

/**
 * Moves a page that already shows the admin to another of its paths the way the app's own links
 * do, through the router, instead of loading the whole admin again: for journeys that visit many
 * pages to check each one (its layout at a width, say), not how a page first loads. The router
 * answers the history change as it answers the browser's back button.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (window.history.state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * Opens `url` (an address of the admin) in `page`: through the router when `inApp` is set and
 * the page already shows the admin, otherwise by loading it as a deep link would.
 */
export async function visit(page: Page, url: string, inApp: boolean) {
  const target = new URL(url);
  if (inApp && new URL(page.url()).origin === target.origin) await openInApp(page, target.pathname + target.search);
  else await page.goto(url);
}
