import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Uncaught errors on any page of any journey. A page that throws may still look right to the
 * steps that follow (React recovers from some errors by rendering again), so the journey that saw
 * one fails with it: fail-on-page-error.ts reads this list after every test.
 */
const seen: string[] = [];

/**
 * React reports the errors its error boundaries catch, and the ones it recovers from, on the
 * console only; in a production build their text names the error's code.
 */
const REACT_ERROR = /Minified React error|react\.dev\/errors\//;

/** Pages open now, with the API answers each saw fail, for the report on a failed journey. */
const open = new Map<Page, string[]>();

function watchPage(page: Page) {
  const refused: string[] = [];
  open.set(page, refused);
  page.on('close', () => open.delete(page));
  page.on('response', (res) => {
    if (res.status() < 400 || !res.url().includes('/api/')) return;
    refused.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    if (refused.length > 10) refused.shift();
  });
  page.on('pageerror', (error) => {
    seen.push(`${page.url()}\n  ${error.stack ?? error.message}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && REACT_ERROR.test(message.text())) seen.push(`${page.url()}\n  console: ${message.text()}`);
  });
}

export function watchPageErrors(ctx: BrowserContext) {
  ctx.on('page', watchPage);
}

/** The errors seen since the last call, and forgets them. */
export function takePageErrors(): string[] {
  return seen.splice(0);
}

/**
 * What each open page shows when a journey fails: its address, the start of its visible text and
 * the API calls it saw refused. A journey that times out on a busy CI machine says little by
 * itself; this says what the page was showing instead of what the test waited for.
 */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const [page, refused] of open) {
    const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '(no text)');
    parts.push(`${page.url()}\n  shows: ${text.replace(/\s+/g, ' ').slice(0, 600)}`
      + (refused.length ? `\n  refused API calls: ${refused.join('; ')}` : ''));
  }
  return parts.join('\n');
}
