import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningApp, startApp } from './start-app.ts';

/** Starts the product and a browser for one test file and stops both after it. */
export function useAppAndBrowser(): { app: RunningApp; browser: Browser } {
  const env = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  return env;
}
