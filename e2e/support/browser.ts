import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchPageErrors } from './page-errors.ts';

/** Debian's chromium, never a downloaded one. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** `extraArgs` for a journey's own needs, such as resolving a faked third party's host to loopback. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      // Playwright adds --headless and a fresh profile; these keep chromium off the network.
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * A fresh browser profile; `locale` is what the browser reports, not the app's choice. An
 * uncaught error on any of its pages fails the test that saw it (page-errors.ts). The profile
 * asks for reduced motion, which the admin honours by turning antd's animations off: a journey
 * waits for what a page shows, not for a drawer to finish sliding, on a busy machine. `userAgent`
 * replaces headless chromium's, which some third parties (Shopify's OAuth) refuse as a bot.
 */
export async function newContext(browser: Browser, opts: { width?: number; locale?: string; userAgent?: string } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    viewport: { width: opts.width ?? 1280, height: 800 },
    locale: opts.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  watchPageErrors(ctx);
  return ctx;
}

/** Saves a full-page screenshot as screenshots/<group>/<name>.png for people to look at. */
export async function snap(page: Page, group: string, name: string) {
  const dir = path.join(SCREENSHOT_DIR, group);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
