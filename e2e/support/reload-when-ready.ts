import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * An admin API answer's `data`, asked as the page's signed-in user (its token from the page's
 * storage): what the page would show if it loaded now.
 */
export async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('storecast.token'));
  const res = await fetch(new URL(`/api${path}`, page.url()), { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 100) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

/**
 * Reloads `page` once the server has reached the state a step waits for, which `ready` reads
 * cheaply over HTTP or from the database, so the page then shows it. Reloading the whole admin at
 * every poll until it did cost the browser about a core-second a time, and a busy machine polls
 * many times; the test still reads the state from the page after the one reload.
 */
export async function reloadWhenReady(page: Page, ready: () => Promise<boolean>, timeout = 60_000) {
  await expect.poll(ready, { timeout, interval: 250 }).toBe(true);
  await page.reload();
}
