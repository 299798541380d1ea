import { type ConnectedPlatform, type Locale, translateError } from '@storecast/contract';
import { platformConnections } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../apps/server/src/config.ts';
import { startWorker } from '../../apps/server/src/start-worker.ts';
import { readCode } from '../../apps/server/src/test/sign-up.ts';
import { enterSignUpCode, register } from '../pages/auth-pages.ts';
import { launchBrowser, newContext, snap } from './browser.ts';
import { expectFits } from './fits-width.ts';
import { formatUi } from './format-ui-text.ts';
import { visit } from './open-in-app.ts';
import { apiAsPage, reloadWhenReady } from './reload-when-ready.ts';
import { type RunningApp, startApp } from './start-app.ts';
import { ui } from './ui-text.ts';

/** A store on a fake platform, as one language's journey meets it. */
export interface PlatformStore {
  /** The domain the platform names the store by (`tea.myshoplaza.com`), as the claim shows it. */
  domain: string;
  /** What the owner types on /connect/plat: the bare handle. */
  handle: string;
  name: string;
  /** A paid order made now, sent as the platform's order webhook; the HTTP status it got. */
  sendOrder(): Promise<number | null>;
  /** The platform's uninstall webhook; the HTTP status it got. */
  sendUninstall(): Promise<number | null>;
  /** The owner switching the app embed on or off in the live theme, as the theme editor does. */
  setAppEmbed(on: boolean): void;
  /** The theme editor opened at the app embeds, ours selected. */
  embedEditorUrl: string;
  close(): Promise<void>;
}

/** One platform's fake, and how the browser reaches the stores it serves. */
export interface PlatformDriver<S extends PlatformStore> {
  platform: ConnectedPlatform;
  /** The platform's hosts, which the browser resolves to loopback and the context's routes answer. */
  hosts: string[];
  /** Starts the fake; the server's config for the platform's app. */
  start(): Promise<Config['platformApps']>;
  /**
   * A store for one language, with customers, products and orders of the last months, and the
   * context's routes to it: the store's admin opens the app at its signed URL (as the platform
   * does when the owner opens the app there), and the hops of the install the browser cannot
   * take itself.
   */
  openStore(o: { lang: Locale; app: RunningApp; ctx: BrowserContext }): Promise<S>;
  close(): Promise<void>;
}

/** What the steps a platform adds to the journey work with. */
export interface Journey<S extends PlatformStore> {
  lang: Locale;
  shots: string;
  app: RunningApp;
  ctx: BrowserContext;
  page: Page;
  store: S;
}

/**
 * A store's admin page that opens the app: the platform signs the app's URL (`installUrl` is
 * asked on each visit, since a signature carries its time) and the browser goes there.
 */
export function answerWithAppOpener(route: Route, title: string, installUrl: string) {
  return route.fulfill({
    status: 200,
    contentType: 'text/html',
    body: `<!DOCTYPE html><title>${title}</title><script>location.href = ${JSON.stringify(installUrl)};</script>`,
  });
}

const linkStatus = async (app: RunningApp, domain: string) => (await app.deps.dbh.db.select({ s: platformConnections.status })
  .from(platformConnections).where(eq(platformConnections.shopDomain, domain)))[0]?.s;

/**
 * The owner's story with a platform store, once per language, against the platform's fake on
 * loopback: sign up, choose the platform on /connect/plat (its domain checked), open the store's
 * admin from there and the app from it, pass the platform's authorize page, claim the store on
 * /connect/plat?claim=…, watch the first sync end on the dashboard; an order webhook counted
 * there; the uninstall webhook shows the not-authorised message, and reauthorising from it brings
 * the owner back authorised; the theme app embed off, then on; the screens fit at 1366 and 390 px. One app, worker and browser
 * serve both languages; `more` adds the platform's own steps at the end of each language's.
 */
export function platformConnectJourney<S extends PlatformStore>(driver: PlatformDriver<S>, more?: (j: Journey<S>) => void) {
  const { platform } = driver;
  const env = {} as { app: RunningApp; browser: Browser; stopWorker?: () => Promise<void> };

  beforeAll(async () => {
    const platformApps = await driver.start();
    [env.app, env.browser] = await Promise.all([
      startApp({ platformApps }),
      // The platform's hosts resolve to loopback, never the Internet.
      launchBrowser([`--host-resolver-rules=${driver.hosts.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`]),
    ]);
    // The platform sends the owner back to PUBLIC_URL, known once the app listens.
    env.app.deps.config.publicUrl = env.app.baseUrl.replace(/\/$/, '');
    env.stopWorker = await startWorker(env.app.deps, env.app.app.log);
  });
  afterAll(async () => {
    await env.stopWorker?.();
    await env.browser?.close();
    await env.app?.close();
    await driver.close();
  });

  describe.each<[Locale]>([['zh-CN'], ['en-US']])(`connecting a ${platform} store in %s`, (lang) => {
    const j = { lang, shots: `platform-connect-${platform}-${lang}` } as Journey<S>;
    const account = `${platform}.${lang.toLowerCase()}@example.com`;
    const platformName = ui(lang, `connect.platforms.${platform}`);

    beforeAll(async () => {
      j.app = env.app;
      // Shopify's library answers a user agent it takes for a bot (headless chromium's says
      // "HeadlessChrome") without the redirect; an owner's browser says Chrome.
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${env.browser.version().split('.')[0]}.0.0.0 Safari/537.36`;
      j.ctx = await newContext(env.browser, { locale: lang, userAgent });
      j.store = await driver.openStore({ lang, app: env.app, ctx: j.ctx });
      j.page = await j.ctx.newPage();
    });
    afterAll(async () => {
      await j.ctx?.close();
      await j.store?.close();
    });

    it(`signs up, installs from ${platform}, claims the store and watches the first sync end on the dashboard`, async () => {
      const { app, ctx, store, shots } = j;
      const first = j.page;
      await first.goto(`${app.baseUrl}/register`);
      if (lang !== 'zh-CN') {
        await first.evaluate((l) => localStorage.setItem('storecast.language', l), lang);
        await first.reload();
      }
      await register(first, { account, password: 'shopping1' });
      await enterSignUpCode(first, await readCode(app, 'email', account));
      await first.waitForURL(/\/connect\/plat/);
      // The platform's card checks the store's domain: Shopify's in the server's sentence.
      await first.getByTestId(`platform-card-${platform}`).click();
      await first.getByTestId('platform-domain').fill('green tea');
      await first.getByTestId('platform-open').click();
      const example = `tea.${store.domain.slice(store.domain.indexOf('.') + 1)}`;
      await first.getByText(platform === 'shopify' ? translateError(lang, 'errors.store.shopDomainFormat')
        : formatUi(lang, 'platformLink.install.domainFormat', { platform: platformName, example })).waitFor();
      await snap(first, shots, '01-choose');

      // The store's admin opens in a tab of its own; the owner opens the app there, the platform
      // signs its URL and the fake's authorize page approves at once; the claim comes back here.
      await first.getByTestId('platform-domain').fill(store.handle);
      const [tab] = await Promise.all([ctx.waitForEvent('page'), first.getByTestId('platform-open').click()]);
      await tab.waitForURL(/\/connect\/plat\?claim=/);
      await first.close();
      const page = (j.page = tab);
      await expect.poll(() => page.getByTestId('claim-domain').textContent()).toBe(store.domain);
      expect(await page.getByTestId('claim-name').textContent()).toBe(store.name);
      expect(await page.getByText(ui(lang, 'platformLink.claim.title')).count()).toBe(1);
      expect(await page.getByTestId('claim-panel').textContent()).toContain(platformName);
      await expectFits(page, { shots, name: '02-claim', root: '[data-testid=claim-panel]' });
      const claimUrl = page.url();

      // The first sync as a phone shows it (it lasts seconds here, too short to measure reliably).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('claim-connect').click();
      await page.getByTestId('sync-progress').waitFor();
      await snap(page, shots, '03-sync-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForURL(/\/dashboard/, { timeout: 90_000 });
      await page.getByTestId('dashboard-store-name').filter({ hasText: store.name }).waitFor();
      await snap(page, shots, '04-dashboard');

      // The link is spent: opening it again says so, in this language, with a way back.
      const again = await ctx.newPage();
      await again.goto(claimUrl);
      await again.getByTestId('claim-error').waitFor();
      expect(await again.getByTestId('claim-error').textContent()).toBe(translateError(lang, 'errors.store.claimInvalid'));
      await expectFits(again, { shots, name: '05-claim-spent', root: '.ant-result' });
      await again.close();
    });

    it('counts an order the store sends by webhook on the dashboard', async () => {
      const { app, page, store, shots } = j;
      const storeOrders = async () => Number(await page.getByTestId('overview-store-orders').getAttribute('data-orders'));
      await page.goto(`${app.baseUrl}/dashboard/overview`);
      await page.getByTestId('overview-store-orders').waitFor();
      const before = await storeOrders();
      expect(await store.sendOrder()).toBe(200);
      // The job applies it and the rollups count it: the page shows it once it is counted.
      const counted = async () => (await apiAsPage<{ totals: { store_orders: number } }>(page, '/dashboard/overview?range=last_30_days')).totals.store_orders;
      await reloadWhenReady(page, async () => (await counted()) === before + 1);
      await page.getByTestId('overview-store-orders').waitFor();
      expect(await storeOrders()).toBe(before + 1);
      await snap(page, shots, '06-order-counted');
    });

    it('shows the not-authorised message after the uninstall and reauthorises from it', async () => {
      const { app, page, store, shots } = j;
      expect(await store.sendUninstall()).toBe(200);
      await expect.poll(() => linkStatus(app, store.domain)).toBe('uninstalled');
      // Where the owner lands: the dashboard, whichever of its tabs.
      await page.goto(`${app.baseUrl}/dashboard`);
      const alert = page.getByTestId('platform-not-authorized');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(translateError(lang, 'errors.store.notConnected'));
      expect(await page.getByTestId('platform-reauthorize').textContent()).toContain(ui(lang, 'platformLink.link.reauthorize'));
      await expectFits(page, { shots, name: '07-not-authorised', root: '[data-testid=platform-not-authorized]' });
      if (platform !== 'shopify') {
        // /store/api-token says it too, and offers no Shopify tokens to a store on another platform.
        await page.goto(`${app.baseUrl}/store/api-token`);
        await alert.waitFor();
        await page.getByTestId('api-token-create').waitFor();
        expect(await page.getByTestId('shopify-tokens').count()).toBe(0);
        await page.goto(`${app.baseUrl}/dashboard`);
        await alert.waitFor();
      }

      // The store's admin opens the app; the install finds the linked store and authorises it again.
      await page.getByTestId('platform-reauthorize').click();
      await expect.poll(() => linkStatus(app, store.domain)).toBe('authorized');
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${app.baseUrl}/dashboard/overview`);
      await page.getByTestId('overview-store-orders').waitFor();
      expect(await page.getByTestId('platform-not-authorized').count()).toBe(0);
    });

    it('shows whether the theme app embed is on, with the theme editor at it', async () => {
      const { app, page, store, shots } = j;
      const state = page.getByTestId('app-embed-state');
      await page.goto(`${app.baseUrl}/popup`);
      await expect.poll(() => state.getAttribute('data-state')).toBe('off');
      expect(await state.textContent()).toBe(ui(lang, 'platformLink.embed.off'));
      expect(await page.getByTestId('app-embed-editor').getAttribute('href')).toBe(store.embedEditorUrl);
      await snap(page, shots, '09-embed-off');
      // The owner switches it on in the theme editor.
      store.setAppEmbed(true);
      await page.reload();
      await expect.poll(() => state.getAttribute('data-state')).toBe('on');
      expect(await state.textContent()).toBe(ui(lang, 'platformLink.embed.on'));
    });

    // A deep link at one width, the router at the other, so both ways into the page stay checked.
    it.each([[1366, false], [390, true]])('the connect page with the platform chosen fits at %i px', async (width, inApp) => {
      const { app, page, shots } = j;
      await page.setViewportSize({ width, height: 844 });
      await visit(page, `${app.baseUrl}/connect/plat`, inApp);
      await page.getByTestId(`platform-card-${platform}`).click();
      await page.getByTestId('platform-domain').fill('green tea');
      await page.getByTestId('platform-open').click();
      await page.getByTestId(`install-${platform}`).locator('.ant-form-item-explain-error').waitFor();
      await expectFits(page, { shots, name: '08-connect', root: 'main', widths: [width] });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    more?.(j);
  });
}
