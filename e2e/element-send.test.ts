import { formatMoney, type Locale, translateError } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { startWorker } from '../apps/server/src/start-worker.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { awaitDialogOf, awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { storeApi } from './support/ingest-store-data.ts';
import { mimePart } from './support/read-mail.ts';
import { apiAsPage, reloadWhenReady } from './support/reload-when-ready.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * Element Send in the browser, once per language: six products searched one at a time (a miss,
 * a duplicate and a seventh refused), kept over a reload; matching that fails for a product
 * archived after it was chosen, the product changed, matching done with each shopper on the
 * product they showed interest in; the e-mail with the shopper's product block; sent now to a
 * real SMTP server, each shopper getting their own product; the report per product. zh-CN runs
 * on the embedded PGlite, en-US on PostgreSQL.
 */
let app: RunningApp;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let stopWorker: () => Promise<void> = async () => {};

beforeAll(async () => {
  [sink, browser] = await Promise.all([startSmtpSink(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await sink?.close();
});

/** Eight products: six go in, the seventh is refused, the eighth replaces an archived one. */
const PRODUCTS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
  id: `sku-${n}`, handle: `tea-${n}`, title: `Tea no. ${n}`, url: `https://shop.example.com/products/tea-${n}`,
  currency: 'USD', price: 1000 + n * 100, status: 'active' as const,
}));

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('element send in %s on %s', (lang, database) => {
  const err = (key: string, params?: Record<string, string | number>) => translateError(lang, key, params);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const shots = `element-send-${lang}`;
  const shopper = (n: number) => `shopper-${n}-${lang.toLowerCase()}@example.net`;
  let page: Page;
  let api: ReturnType<typeof storeApi>;
  let strategyId = '';

  const search = async (ref: string) => {
    await page.getByTestId('element-search-input').fill(ref);
    return awaitApiCall(page, '/product/find', () => page.getByTestId('element-search-submit').click());
  };
  const addProduct = async (ref: string) => {
    expect((await search(ref)).code).toBe(100);
    await page.getByTestId('element-found').waitFor();
    await page.getByTestId('element-add').click();
  };
  const filled = () => page.locator('[data-testid="element-slot"][data-filled="true"]').count();
  const slotRow = (slot: number) => page.locator(`[data-testid="element-match-slot"][data-slot="${slot}"]`);

  beforeAll(async () => {
    app = await startApp({ smtpUrl: sink.url() }, { database });
    const owner = await seedOwner(app, `Element ${lang}`);
    await seedVerifiedSender(app.deps.dbh, owner.shopId);
    const { token } = await owner.post('/shop/api-token/create', { name: 'shop system' }, owner.token);
    api = storeApi(app, token!);
    await api.products(PRODUCTS);
    // Shopper n looked at product n yesterday and put it in the cart: it is their product.
    await api.customers(PRODUCTS.map((_, i) => ({ id: `c-${i + 1}`, email: shopper(i + 1), first_name: `Shopper${i + 1}`, accepts_marketing: true })));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await api.events(PRODUCTS.flatMap((p, i) => (['viewed_product', 'added_to_cart'] as const).map((type) => ({
      id: `e-${type}-${i + 1}`, customer_id: `c-${i + 1}`, type, occurred_at: yesterday, subject: p.id,
    }))));
    const ctx = await newContext(browser, { locale: lang, width: 1366 });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await stopWorker();
    await app?.close();
  });

  it('opens /element from the menu, with the sends and the product catalogue a tab away', async () => {
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.getByTestId('top-menu').getByTestId('menu-element').click();
    await page.waitForURL(/\/element$/);
    await page.getByTestId('element-new').waitFor();
    await page.getByTestId('tab-element-products').click();
    await text('Tea no. 8').waitFor();
    await page.getByTestId('tab-element-sends').click();
    await page.getByTestId('element-new').click();
    await page.waitForURL(/\/element\/products$/);
  });

  it('searches one product at a time into six slots, refusing a miss, a duplicate and a seventh', async () => {
    const miss = await search('no-such-tea');
    expect(miss.msg).toBe(err('errors.catalogue.notFound'));
    expect(await page.getByTestId('element-search-error').textContent()).toBe(err('errors.catalogue.notFound'));
    await page.getByTestId('element-search-input').fill('sku-1 sku-2');
    await page.getByTestId('element-search-submit').click();
    expect(await page.getByTestId('element-search-error').textContent()).toBe(err('errors.catalogue.oneAtATime'));

    await addProduct('sku-1');
    // By handle: the same search finds the product by its id or its handle.
    await addProduct('tea-2');
    await expect.poll(filled).toBe(2);
    await addProduct('sku-1');
    expect(await page.getByTestId('element-refusal').textContent()).toBe(err('errors.element.duplicate'));
    for (const ref of ['sku-3', 'sku-4', 'sku-5', 'sku-6']) await addProduct(ref);
    await expect.poll(filled).toBe(6);
    const card = page.locator('[data-testid="element-slot"][data-slot="1"]');
    expect(await card.getByTestId('element-product-title').textContent()).toBe('Tea no. 2');
    expect(await card.getByTestId('element-product-price').textContent()).toBe(formatMoney(1200, 'USD'));

    await addProduct('sku-7');
    expect(await page.getByTestId('element-refusal').textContent()).toBe(err('errors.element.onlyNum', { num: 6 }));
    await expect.poll(filled).toBe(6);
    // A slot emptied and filled again.
    await page.locator('[data-testid="element-slot"][data-slot="5"]').getByTestId('element-slot-remove').click();
    await expect.poll(filled).toBe(5);
    expect(await page.getByTestId('element-start-matching').isDisabled()).toBe(true);
    await addProduct('sku-6');
    await expect.poll(filled).toBe(6);
    await snap(page, shots, '01-products');

    // The chosen products are the browser session's: a reload keeps them.
    await page.reload();
    await expect.poll(filled).toBe(6);
    expect(await page.locator('[data-testid="element-slot"][data-slot="2"]').getByTestId('element-product-title').textContent()).toBe('Tea no. 3');
  });

  it('matches, fails the product archived after it was chosen, and matches its replacement', async () => {
    // No worker yet: the six jobs wait in the queue while the store archives product 3.
    const started = await awaitApiCall(page, '/element/match', () => page.getByTestId('element-start-matching').click());
    expect(started.code).toBe(100);
    strategyId = (started.data as { strategy_id: string }).strategy_id;
    await page.waitForURL(/\/element\/matching$/);
    await page.getByTestId('element-rule').waitFor();
    await api.products([{ ...PRODUCTS[2]!, status: 'archived' }]);
    stopWorker = await startWorker(app.deps, app.app.log);

    await expect.poll(() => page.getByTestId('element-progress').getAttribute('data-status'), { timeout: 60_000 }).toBe('failed');
    expect(await page.getByTestId('element-failed').textContent()).toBe(err('errors.element.matchFailed', { done: 5, total: 6 }));
    expect(await slotRow(2).getAttribute('data-status')).toBe('failed');
    expect(await slotRow(2).getByTestId('element-slot-failure').textContent()).toBe(err('errors.element.productGone', { num: 3 }));
    expect(await page.getByTestId('element-next').isDisabled()).toBe(true);
    await snap(page, shots, '02-matching-failed');

    await slotRow(2).getByTestId('element-slot-change').click();
    const dialog = await awaitDialogOf(page, page.getByTestId('element-change-search-input'));
    await dialog.getByTestId('element-change-search-input').fill('sku-8');
    await awaitApiCall(page, '/product/find', () => dialog.getByTestId('element-change-search-submit').click());
    const changed = await awaitApiCall(page, '/element/change', async () => (await awaitSettled(page.getByTestId('element-change-ok'))).click());
    expect(changed.code).toBe(100);

    await expect.poll(() => page.getByTestId('element-progress').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await page.getByTestId('element-matched-total').getAttribute('data-count')).toBe('6');
    for (const slot of [0, 1, 2, 3, 4, 5]) expect(await slotRow(slot).getAttribute('data-matched'), `slot ${slot}`).toBe('1');
    expect(await slotRow(2).getByTestId('element-product-title').textContent()).toBe('Tea no. 8');

    // Who product 8 went to: the shopper who carted it.
    await slotRow(2).getByTestId('element-slot-shoppers').click();
    const drawer = page.getByTestId('element-matches');
    await drawer.getByTestId('element-match-row').first().waitFor();
    expect(await drawer.getByTestId('element-match-row').count()).toBe(1);
    expect(await drawer.getByTestId('element-match-row').textContent()).toContain(shopper(8));
    await page.keyboard.press('Escape');
    await snap(page, shots, '03-matching-done-1366');
  });

  it('writes the e-mail around the shopper\'s product and previews each product', async () => {
    await page.getByTestId('element-next').click();
    await page.waitForURL(/\/element\/content$/);
    const productBlock = page.locator('[data-testid^="block-"][data-type="product"]');
    await productBlock.waitFor();
    // Without the shopper's product block the server refuses the e-mail, in its own words.
    await productBlock.getByTestId('block-remove').click();
    await expect.poll(() => productBlock.count()).toBe(0);
    const refused = await awaitApiCall(page, '/strategy/save', () => page.getByTestId('element-next').click());
    expect(refused.msg).toBe(err('errors.element.noProductBlock'));
    await text(err('errors.element.noProductBlock')).waitFor();
    expect(page.url()).toMatch(/\/element\/content$/);
    await page.getByTestId('block-add-product').click();
    await productBlock.waitFor();
    const frame = page.getByTestId('preview-frame-desktop');
    await frame.waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', { timeout: 20_000 }).toContain('Tea no. 1');
    // Product 8, in slot 3, stands in for the shopper's product.
    await page.getByTestId('element-preview-slot').click();
    await awaitSettled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await page.locator('.ant-select-item-option').filter({ hasText: 'Tea no. 8' }).click();
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', { timeout: 20_000 }).toContain('Tea no. 8');
    await snap(page, shots, '04-content');
    const saved = await awaitApiCall(page, '/strategy/save', () => page.getByTestId('element-next').click());
    expect(saved.code).toBe(100);
    await page.waitForURL(/\/element\/confirm$/);
  });

  it('confirms with the matched shoppers and the recommendations, and sends now', async () => {
    await page.getByTestId('send-recommendations').waitFor();
    await page.getByTestId('rec-discount').waitFor();
    expect(Number(await page.getByTestId('rec-discount').getAttribute('data-max'))).toBeLessThanOrEqual(30);
    expect(await page.getByTestId('rec-best-time').textContent()).toBeTruthy();
    expect(await page.getByTestId('element-recipients').getAttribute('data-count')).toBe('6');
    await page.getByTestId('element-name').fill(`Teas ${lang}`);
    // Found by its label, as a screen reader announces it.
    await page.getByLabel(ui(lang, 'elementSend.confirm.subject'), { exact: true }).fill('Picked for you');
    await snap(page, shots, '05-confirm');
    const sent = await awaitApiCall(page, '/strategy/save', () => page.getByTestId('send-confirm').click());
    expect(sent.code, sent.msg).toBe(100);
    await page.waitForURL(/\/element$/);

    // Each shopper gets the e-mail with their own product.
    const mailed = (n: number) => sink.messages.some((m) => m.to.includes(shopper(n)));
    await expect.poll(() => [1, 2, 4, 5, 6, 8].every(mailed), { timeout: 60_000, interval: 500 }).toBe(true);
    for (const n of [1, 8]) {
      const html = mimePart(sink.messages.find((m) => m.to.includes(shopper(n)))!.raw.toString('utf8'), 'text/html')!;
      expect(html, `shopper ${n}`).toContain(`Tea no. ${n}`);
    }
    expect(sink.messages.some((m) => m.to.includes(shopper(3)))).toBe(false);
    const row = page.locator(`[data-testid="element-row"][data-id="${strategyId}"]`);
    await reloadWhenReady(page, async () => (await apiAsPage<{ status: string }>(page, `/strategy/detail?id=${strategyId}`)).status === 'completed');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('completed');
  });

  it('reports the send and each product\'s numbers', async () => {
    await page.locator(`[data-testid="element-row"][data-id="${strategyId}"]`).getByTestId('element-report').click();
    await page.waitForURL(/\/element\/strategy-report\?id=/);
    await page.getByTestId('element-report-row').first().waitFor();
    expect(await page.getByTestId('report-sent').textContent()).toBe('6');
    expect(await page.getByTestId('element-report-row').count()).toBe(6);
    for (const slot of [0, 1, 2, 3, 4, 5]) {
      const r = page.locator(`[data-testid="element-report-row"][data-slot="${slot}"]`);
      expect(await r.getByTestId('element-report-recipients').textContent(), `slot ${slot}`).toBe('1');
      expect(await r.getByTestId('element-report-sent').textContent(), `slot ${slot}`).toBe('1');
      expect(await r.getByTestId('element-report-revenue').textContent()).toBe(formatMoney(0, 'USD'));
    }
    expect(await page.locator('[data-testid="element-report-row"][data-slot="2"]').getByTestId('element-product-title').textContent()).toBe('Tea no. 8');
    await page.locator('[data-testid="element-report-chart"][data-drawn="true"] canvas').waitFor();
    await snap(page, shots, '06-report-1366');
  });

  it('fits the matching page and the report at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pages: [string, string][] = [
      [`/element/matching?id=${strategyId}`, 'element-match-slot'],
      [`/element/strategy-report?id=${strategyId}`, 'element-report-row'],
    ];
    for (const [url, testId] of pages) {
      await page.goto(`${app.baseUrl}${url}`);
      await page.getByTestId(testId).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} at 390 px`).toBeLessThanOrEqual(0);
      await snap(page, shots, `07-390${url.replace(/\?.*/, '').replaceAll('/', '-')}`);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('names its strings in both languages', () => {
    expect(ui(lang, 'menu.element')).toBe(lang === 'zh-CN' ? '元素发送' : 'Element Send');
  });
});
