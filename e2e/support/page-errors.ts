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

function watchPage(page: Page) {
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
