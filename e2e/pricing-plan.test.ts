import { type Locale, LIMITS, quotaExpiryWarning } from '@storecast/contract';
import { sendPackages } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatInZone, formatNumber } from '../apps/web/src/shared/format/format-date.ts';
import { newContext, snap } from './support/browser.ts';
import { formatUi } from './support/format-ui-text.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The pricing plan shows every balance the store has, with what is left and when it expires:
 * a fresh store its starter volume; a store whose volume is about to run out gets SPEC's
 * warnings (the amount expiring in a number of days, and no volume left at all).
 */
const env = useAppAndBrowser();
const ZONE = 'Asia/Shanghai'; // seedOwner's stores keep their time in Shanghai

async function pricingPage(lang: Locale, token: string): Promise<Page> {
  const ctx = await newContext(env.browser, { locale: lang });
  await signInContext(ctx, token, lang);
  const page = await ctx.newPage();
  await page.goto(`${env.app.baseUrl}/store/pricing-plan`);
  await page.getByTestId('my-packs').waitFor();
  return page;
}

/** The store's starter volume row, as stored. */
async function starterOf(shopId: string) {
  const [row] = await env.app.deps.dbh.db.select().from(sendPackages)
    .where(and(eq(sendPackages.shopId, shopId), eq(sendPackages.kind, 'starter')));
  return row!;
}

describe.each<Locale>(['zh-CN', 'en-US'])('the pricing plan in %s', (lang) => {
  it('shows the starter volume of a fresh store with what is left and its expiry in the store format', async () => {
    const owner = await seedOwner(env.app, `Plan Fresh ${lang}`);
    const starter = await starterOf(owner.shopId);
    const page = await pricingPage(lang, owner.token);
    const row = page.locator('[data-testid="my-pack"][data-kind="starter"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(ui(lang, 'billingPages.pricing.noRenew'));
    expect(await row.getByTestId('my-pack-remaining').textContent()).toBe(formatNumber(LIMITS.starterEmailAllowance, lang));
    const expires = await row.getByTestId('my-pack-expires').textContent();
    expect(expires).toBe(formatInZone(starter.expiresAt.toISOString(), ZONE));
    expect(expires).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Thirty days ahead: no warning yet.
    expect(await page.getByTestId('pricing-quota-warning').count()).toBe(0);
    await snap(page, lang, 'pricing-plan-01-starter');
    await page.context().close();
  });

  it('warns before the volume runs out, and when none is left', async () => {
    const owner = await seedOwner(env.app, `Plan Ending ${lang}`);
    const starter = await starterOf(owner.shopId);
    const expiresAt = new Date(Date.now() + 2 * 86_400_000);
    await env.app.deps.dbh.db.update(sendPackages).set({ remaining: 120, expiresAt }).where(eq(sendPackages.id, starter.id));
    const page = await pricingPage(lang, owner.token);
    const row = page.locator('[data-testid="my-pack"][data-kind="starter"]');
    await row.waitFor();
    expect(await row.getByTestId('my-pack-remaining').textContent()).toBe('120');
    expect(await row.getByTestId('my-pack-expires').textContent()).toBe(formatInZone(expiresAt.toISOString(), ZONE));
    const rule = quotaExpiryWarning(expiresAt.toISOString(), new Date(), ZONE);
    expect(rule?.kind).toBe('days');
    const days = rule?.kind === 'days' ? rule.days : 0;
    await expect.poll(() => page.getByTestId('pricing-quota-warning').textContent())
      .toBe(formatUi(lang, 'billing.quota.expiresInDays', { num: 120, days }));
    await snap(page, lang, 'pricing-plan-02-expiring');

    // Spent: the balance is listed with nothing left, and the page says no mail can be sent.
    await env.app.deps.dbh.db.update(sendPackages).set({ remaining: 0 }).where(eq(sendPackages.id, starter.id));
    await page.reload();
    await page.getByTestId('pricing-none-available').waitFor();
    expect(await page.getByTestId('pricing-none-available').textContent()).toBe(ui(lang, 'billingPages.pricing.noAvailable'));
    await expect.poll(() => page.locator('[data-testid="my-pack"][data-kind="starter"]').getByTestId('my-pack-remaining').textContent()).toBe('0');
    await page.context().close();
  });
});
