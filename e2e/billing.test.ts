import type { Locale } from '@storecast/contract';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPendingInvoices } from '../apps/server/src/modules/billing/invoices/render-pending-invoices.ts';
import { type FakeStripe, startFakeStripe } from '../apps/server/src/test/fake-stripe/start-fake-stripe.ts';
import { awaitDialogOf } from './support/await-settled.ts';
import { visit } from './support/open-in-app.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * The billing pages against the fake payment provider, which speaks Stripe's HTTP protocol and
 * serves a Stripe.js of its own. zh-CN (PGlite) walks the whole journey: the owner saves a card in
 * the provider's form (its number never reaches our server), buys a pack (the volume grows by its
 * quantity), buys a membership and upgrades it after reading the quote, buys with a 3-D Secure
 * card completing the bank's dialog, and downloads an invoice once its PDF is made. en-US
 * (PostgreSQL) shows the key screens, each fitting 1366 and 390 px, and a declined card's reason.
 * Without payments configured the prices still show, with no way to buy.
 */
const env = {} as { browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

const VISA = '4242424242424242';
const THREE_DS = '4000002760003184';
const PACK = 'pack-5k';
const PACK_QUANTITY = 5_000;

/** A Statistic's figure as a number ("12,000" -> 12000). */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('.ant-statistic-content').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function fits(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Types a card into the provider's form on /account-setting/card and saves it; `threeDs` completes the bank's check. */
async function saveCard(page: Page, baseUrl: string, number: string, threeDs = false) {
  await page.goto(`${baseUrl}/account-setting/card`);
  await page.getByTestId('card-add').click();
  await page.getByTestId('stripe-card-number').fill(number);
  await page.getByTestId('stripe-card-expiry').fill('12 / 34');
  await page.getByTestId('stripe-card-cvc').fill('123');
  await page.getByTestId('card-save').click();
  if (threeDs) {
    await page.getByTestId('stripe-3ds-dialog').waitFor({ timeout: 15_000 });
    await page.getByTestId('stripe-3ds-complete').click();
  }
  await expect.poll(() => page.getByTestId('card-saved').textContent(), { timeout: 15_000 }).toContain(number.slice(-4));
}

/** Presses Pay once the pay dialog has finished opening: a click while it still zooms in is lost. */
async function confirmPay(page: Page) {
  await awaitDialogOf(page, page.getByTestId('pay-confirm'));
  await page.getByTestId('pay-confirm').click();
}

/** Buys the 5k pack from /store/pricing-plan; `threeDs` completes the bank's dialog. */
async function buyPack(page: Page, threeDs = false) {
  await page.getByTestId(`pack-buy-${PACK}`).click();
  await page.getByTestId('pay-card').waitFor();
  await confirmPay(page);
  if (threeDs) {
    await page.getByTestId('stripe-3ds-dialog').waitFor({ timeout: 15_000 });
    await page.getByTestId('stripe-3ds-complete').click();
  }
  await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
}

describe('billing journey in zh-CN', () => {
  const lang: Locale = 'zh-CN';
  let fake: FakeStripe;
  let app: RunningApp;
  let page: Page;
  /** Everything the page sent to our own origin: URL and body. */
  const sentToUs: string[] = [];
  /** The admin's policy refusing anything (the provider's script, its API, its frames). */
  const refusals: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp({ stripe: fake.config });
    fake.setWebhookUrl(`${app.baseUrl}/api/payments/stripe-webhook`);
    const owner = await seedOwner(app, 'Billing zh');
    const ctx = await newContext(env.browser, { width: 1366, locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
    const ours = new URL(app.baseUrl).origin;
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
    });
    page.on('request', (r) => {
      if (new URL(r.url()).origin === ours) sentToUs.push(`${r.url()} ${r.postData() ?? ''}`);
    });
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
    await fake?.close();
  });

  it('saves a card in the provider\'s own form, never sending its number to our server', async () => {
    const res = await page.goto(`${app.baseUrl}/account-setting/card`);
    // The policy lets the provider's script run and be called, and nothing else new.
    const policy = res!.headers()['content-security-policy'] ?? '';
    const provider = new URL(fake.config.jsUrl).origin;
    expect(policy).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+'[^;]* ${provider}`));
    expect(policy).toMatch(new RegExp(`connect-src 'self'[^;]* ${provider}`));
    await page.getByTestId('card-none').waitFor();
    await saveCard(page, app.baseUrl, VISA);
    expect(await page.getByTestId('card-saved').textContent()).toBe('VISA •••• 4242');
    expect(await page.getByTestId('card-saved-expiry').textContent()).toBe('12/2034');
    // The provider got the number; our server only the finished setup's id.
    expect(fake.requests.some((r) => JSON.stringify(r.params).includes(VISA))).toBe(true);
    expect(sentToUs.length).toBeGreaterThan(0);
    expect(sentToUs.filter((s) => s.includes(VISA) || s.includes('4242 4242'))).toEqual([]);
    await snap(page, 'billing', `card-${lang}`);
  });

  it('buys a pack: the volume grows by its quantity and the pack and its recharge are listed', async () => {
    await page.goto(`${app.baseUrl}/store/pricing-plan`);
    await page.getByTestId(`pack-offer-${PACK}`).waitFor();
    const total = await figure(page, 'pricing-total');
    const available = await figure(page, 'pricing-available');
    await page.getByTestId(`pack-buy-${PACK}`).click();
    expect(await page.getByTestId('pay-price').textContent()).toBe('$9.00');
    await page.getByTestId('pay-auto-renew').click();
    await buyPackConfirmed(page);
    await expect.poll(() => figure(page, 'pricing-total')).toBe(total + PACK_QUANTITY);
    expect(await figure(page, 'pricing-available')).toBe(available + PACK_QUANTITY);
    const packs = page.getByTestId('my-packs');
    await expect.poll(() => packs.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(await packs.locator('.ant-switch-checked').count()).toBe(1);
    await expect.poll(() => page.getByTestId('ledger').textContent()).toContain(ui(lang, 'billingPages.kind.recharge'));
    await snap(page, 'billing', `pricing-${lang}`);
  });

  it('buys a membership, then upgrades it after seeing the quote', async () => {
    await page.goto(`${app.baseUrl}/store/vip-plan`);
    expect(await page.getByTestId('vip-level').textContent()).toBe(ui(lang, 'billing.level.free'));
    await page.getByTestId('vip-buy-1-1').click();
    expect(await page.getByTestId('pay-price').textContent()).toBe('$19.00');
    await confirmPay(page);
    await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('vip-level').textContent()).toBe(ui(lang, 'billing.level.starter'));
    expect(await page.getByTestId('vip-state').textContent()).toBe(ui(lang, 'billingPages.vip.active'));
    await page.getByTestId('vip-current-1-1').waitFor();

    // Basic, monthly: the quote credits the days left of the month just bought.
    await page.getByTestId('vip-upgrade-2-1').click();
    await expect.poll(() => page.getByTestId('quote-cost').textContent()).toBe('$49.00');
    const credit = (await page.getByTestId('quote-credit').textContent()) ?? '';
    expect(credit).toMatch(/^- \$\d+\.\d\d$/);
    const days = (await page.getByTestId('quote-days').textContent()) ?? '';
    const [left, termDays] = days.split(' / ').map(Number);
    expect(left).toBeGreaterThan(26);
    expect(left).toBeLessThanOrEqual(termDays!);
    const price = Number(((await page.getByTestId('pay-price').textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(price).toBeCloseTo(49 - Number(credit.replace(/[^\d.]/g, '')), 2);
    expect(price).toBeLessThan(49);
    await awaitDialogOf(page, page.getByTestId('quote-cost'));
    await snap(page, 'billing', `upgrade-quote-${lang}`);
    await confirmPay(page);
    await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('vip-level').textContent()).toBe(ui(lang, 'billing.level.basic'));
    await snap(page, 'billing', `vip-${lang}`);
  });

  it('pays with a 3-D Secure card by completing the bank\'s dialog', async () => {
    await saveCard(page, app.baseUrl, THREE_DS, true);
    await page.goto(`${app.baseUrl}/store/pricing-plan`);
    await page.getByTestId(`pack-offer-${PACK}`).waitFor();
    const total = await figure(page, 'pricing-total');
    await buyPack(page, true);
    await expect.poll(() => figure(page, 'pricing-total')).toBe(total + PACK_QUANTITY);
  });

  it('lists an invoice per payment and downloads one once its PDF is made', async () => {
    await page.goto(`${app.baseUrl}/account-setting/billing`);
    const rows = page.getByTestId('invoices').locator('tbody tr[data-testid^="invoice-"]');
    await expect.poll(() => rows.count()).toBe(4);
    const download = page.locator('[data-testid^="invoice-download-"]').first();
    // No worker runs here: every PDF is still to be made, and a download says so.
    expect(await page.getByTestId('invoice-generating').count()).toBe(4);
    await download.click();
    await page.locator('.ant-message').getByText(ui(lang, 'errors.billing.invoiceGenerating')).waitFor();
    await renderPendingInvoices(app.deps);
    // The list asks again while PDFs are being made, so the rows turn ready by themselves.
    await expect.poll(() => page.getByTestId('invoice-generating').count(), { timeout: 15_000 }).toBe(0);
    const [file] = await Promise.all([page.waitForEvent('download') as Promise<Download>, download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await snap(page, 'billing', `invoices-${lang}`);
    // Nothing the page sent us, over the whole journey, carried a card number; nothing was refused.
    expect(sentToUs.filter((s) => s.includes(VISA) || s.includes(THREE_DS))).toEqual([]);
    expect(refusals).toEqual([]);
  });
});

/** Confirms the open pay dialog and waits for it to close on success. */
async function buyPackConfirmed(page: Page) {
  await confirmPay(page);
  await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
}

describe('billing screens in en-US', () => {
  const lang: Locale = 'en-US';
  let fake: FakeStripe;
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp({ stripe: fake.config }, { database: 'postgres' });
    fake.setWebhookUrl(`${app.baseUrl}/api/payments/stripe-webhook`);
    const owner = await seedOwner(app, 'Billing en');
    const ctx = await newContext(env.browser, { width: 1366, locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
    await fake?.close();
  });

  it('shows a declined card\'s reason in the pay dialog and credits nothing', async () => {
    await saveCard(page, app.baseUrl, '4000000000000341');
    await page.goto(`${app.baseUrl}/store/pricing-plan`);
    await page.getByTestId(`pack-offer-${PACK}`).waitFor();
    const total = await figure(page, 'pricing-total');
    await page.getByTestId(`pack-buy-${PACK}`).click();
    await confirmPay(page);
    await page.getByTestId('pay-error').waitFor({ timeout: 20_000 });
    expect((await page.getByTestId('pay-error').textContent())?.length).toBeGreaterThan(0);
    await snap(page, 'billing', `declined-${lang}`);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId(`pack-offer-${PACK}`).waitFor();
    expect(await figure(page, 'pricing-total')).toBe(total);
  });

  it('buys a pack, then a yearly membership that it upgrades after seeing the quote, in English', async () => {
    await saveCard(page, app.baseUrl, VISA);
    await page.goto(`${app.baseUrl}/store/pricing-plan`);
    await page.getByTestId(`pack-offer-${PACK}`).waitFor();
    const total = await figure(page, 'pricing-total');
    await buyPack(page);
    await expect.poll(() => figure(page, 'pricing-total')).toBe(total + PACK_QUANTITY);
    await page.goto(`${app.baseUrl}/store/vip-plan`);
    await page.getByTestId('vip-term-switch').getByText(ui(lang, 'billingPages.vip.yearly')).click();
    await page.getByTestId('vip-buy-2-12').click();
    expect(await page.getByTestId('pay-price').textContent()).toBe('$490.00');
    await confirmPay(page);
    await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('vip-level').textContent()).toBe(ui(lang, 'billing.level.basic'));

    // Yearly to yearly: the quote credits what is left of the year just bought.
    await page.getByTestId('vip-upgrade-3-12').click();
    await expect.poll(() => page.getByTestId('quote-cost').textContent()).toBe('$990.00');
    const credit = Number(((await page.getByTestId('quote-credit').textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(credit).toBeGreaterThan(480);
    expect(credit).toBeLessThanOrEqual(490);
    const price = Number(((await page.getByTestId('pay-price').textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(price).toBeCloseTo(990 - credit, 2);
    await awaitDialogOf(page, page.getByTestId('quote-cost'));
    await snap(page, 'billing', `upgrade-quote-${lang}`);
    await confirmPay(page);
    await page.getByTestId('pay-modal').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('vip-level').textContent()).toBe(ui(lang, 'billing.level.professional'));
    // The top plan: nothing left to upgrade to.
    await page.getByTestId('vip-top-plan').waitFor();
    expect(await page.locator('[data-testid^="vip-upgrade-"]').count()).toBe(0);
  });

  it.each([1366, 390])('fits every billing page at %i px', async (width) => {
    await page.setViewportSize({ width, height: 800 });
    const screens: [string, string][] = [
      ['/store/pricing-plan', `pack-offer-${PACK}`],
      ['/store/vip-plan', 'vip-details'],
      ['/account-setting/card', 'card-saved'],
      ['/account-setting/billing', 'invoices'],
    ];
    // At one width each page loads as a deep link would, at the other the router moves between
    // them as the menu does: both ways in are checked, at half the cost of loading every page twice.
    for (const [path, testId] of screens) {
      await visit(page, `${app.baseUrl}${path}`, width === 390);
      await page.getByTestId(testId).waitFor();
      await snap(page, 'billing', `${path.split('/').pop()}-${lang}-${width}`);
      expect(await fits(page), `${path} at ${width}`).toBe(true);
    }
    expect(await page.getByTestId('invoices').textContent()).toContain(ui(lang, 'billingPages.invoices.number'));
  });
});

describe('billing without payments configured', () => {
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    app = await startApp({ stripe: null });
    const owner = await seedOwner(app, 'Billing none');
    const ctx = await newContext(env.browser, { width: 1366, locale: 'en-US' });
    await signInContext(ctx, owner.token, 'en-US');
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
  });

  it('shows the prices, says payments are not configured and offers no Buy', async () => {
    const res = await page.goto(`${app.baseUrl}/store/pricing-plan`);
    expect(res!.headers()['content-security-policy']).not.toContain('stripe');
    await page.getByTestId('payments-not-configured').waitFor();
    expect(await page.getByTestId('payments-not-configured').textContent()).toBe(ui('en-US', 'billingPages.notConfigured'));
    expect(await page.getByTestId(`pack-offer-${PACK}`).textContent()).toContain('$9.00');
    expect(await page.getByTestId(`pack-buy-${PACK}`).isDisabled()).toBe(true);
    await page.goto(`${app.baseUrl}/store/vip-plan`);
    await page.getByTestId('payments-not-configured').waitFor();
    expect(await page.getByTestId('vip-buy-1-1').isDisabled()).toBe(true);
    await page.goto(`${app.baseUrl}/account-setting/card`);
    await page.getByTestId('payments-not-configured').waitFor();
  });
});
