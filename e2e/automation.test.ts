import path from 'node:path';
import { translateError, type FlowReport, type FlowSummary, type Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPackages } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { visit } from './support/open-in-app.ts';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, SCREENSHOT_DIR, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * Smart Send in the browser, once per language: a flow's switch is refused without a verified
 * sender (SPEC's sentence as the toast, the switch stays off, a way to the sender page) and
 * without sending volume (SPEC's volume sentence), then turns on; AI management and the sending
 * rules are saved; the flow list shows the state; a sign-up through the store's API enters the
 * welcome flow and its report draws the charts. Every page fits at 1366 and 390 px. zh-CN runs
 * on the embedded PGlite, en-US on PostgreSQL.
 */
const env = {} as { app: RunningApp; browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('Smart Send in %s on %s', (lang, database) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const shots = `automation-${lang}`;
  const welcomeCard = () => page.locator('[data-testid="flow-card"][data-flow-kind="welcome"]');
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let welcomeId = '';

  /** The store's flows as the admin reads them, straight from the API. */
  const readFlows = async () => {
    const res = await fetch(`${env.app.baseUrl}/api/automation/flows`, { headers: { authorization: `Bearer ${owner.token}` } });
    return ((await res.json()) as { data: { flows: FlowSummary[] } }).data.flows;
  };

  beforeAll(async () => {
    env.app = await startApp({}, { database });
    owner = await seedOwner(env.app, `Flows ${lang}`);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await env.app?.close();
  });

  it('shows the seven flows and AI management, and refuses a switch without a verified sender', async () => {
    await page.goto(`${env.app.baseUrl}/automation`);
    await welcomeCard().waitFor();
    expect(await page.getByTestId('flow-card').count()).toBe(7);
    await text(ui(lang, 'automation.ai.decides.discount')).waitFor();
    welcomeId = (await welcomeCard().getAttribute('data-flow-id'))!;

    const refused = await awaitApiCall(page, '/automation/switch-flow', () => welcomeCard().getByTestId('flow-switch').click());
    expect(refused.code).not.toBe(100);
    expect(refused.msg).toBe(err('errors.automation.senderEmailNotVerified'));
    await text(err('errors.automation.senderEmailNotVerified')).waitFor();
    expect(await welcomeCard().getByTestId('flow-switch').getAttribute('aria-checked')).toBe('false');
    const link = page.getByTestId('automation-sender-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/store/sender-info');
    await snap(page, shots, '01-refused-without-sender');
    await link.click();
    await page.waitForURL(/\/store\/sender-info$/);
  });

  it('refuses with the volume message when the sender is verified but no volume is left', async () => {
    await seedVerifiedSender(env.app.deps.dbh, owner.shopId);
    const { db } = env.app.deps.dbh;
    const [pack] = await db.select().from(sendPackages).where(eq(sendPackages.shopId, owner.shopId));
    await db.update(sendPackages).set({ remaining: 0 }).where(eq(sendPackages.id, pack!.id));
    try {
      await page.goto(`${env.app.baseUrl}/automation`);
      await welcomeCard().waitFor();
      const refused = await awaitApiCall(page, '/automation/switch-flow', () => welcomeCard().getByTestId('flow-switch').click());
      expect(refused.msg).toBe(err('errors.volume.noPack'));
      await text(err('errors.volume.noPack')).waitFor();
      expect(await welcomeCard().getByTestId('flow-switch').getAttribute('aria-checked')).toBe('false');
      // Not about the sender: no way to the sender page is offered.
      expect(await page.getByTestId('automation-sender-refusal').count()).toBe(0);
    } finally {
      await db.update(sendPackages).set({ remaining: pack!.remaining }).where(eq(sendPackages.id, pack!.id));
    }
  });

  it('switches the welcome flow on once the sender is verified', async () => {
    await page.goto(`${env.app.baseUrl}/automation`);
    await welcomeCard().waitFor();
    const on = await awaitApiCall(page, '/automation/switch-flow', () => welcomeCard().getByTestId('flow-switch').click());
    expect(on.code).toBe(100);
    expect((on.data as FlowSummary).enabled).toBe(true);
    await welcomeCard().locator('[data-testid="flow-switch"][aria-checked="true"]').waitFor();
    expect(await welcomeCard().getByTestId('flow-state').textContent()).toBe(ui(lang, 'automation.card.enabled'));
    await snap(page, shots, '02-welcome-on');
  });

  it('turns AI management on and saves the sending rules', async () => {
    const ai = await awaitApiCall(page, '/automation/save-settings', () => page.getByTestId('automation-ai-switch').click());
    expect(ai.code).toBe(100);
    expect((ai.data as { ai_managed: boolean }).ai_managed).toBe(true);
    await page.locator('[data-testid="automation-ai-switch"][aria-checked="true"]').waitFor();
    // What AI management chose shows on the cards, folded under its summary.
    await welcomeCard().getByTestId('automation-ai-note').waitFor();

    await page.getByTestId('automation-settings-open').click();
    const drawer = page.getByTestId('automation-settings');
    await drawer.getByTestId('settings-caps-help').waitFor();
    expect(await drawer.getByTestId('settings-caps-help').textContent()).toContain(ui(lang, 'automation.settings.capsHelp'));
    await drawer.getByTestId('settings-cap-B').fill('2');
    await drawer.getByTestId('settings-smart-hours').fill('24');
    await snap(page, shots, '03-settings');
    const saved = await awaitApiCall(page, '/automation/save-settings', async () => (await awaitSettled(drawer.getByTestId('automation-settings-save'))).click());
    expect(saved.code).toBe(100);
    expect(saved.data).toMatchObject({ ai_managed: true, smart_sending_hours: 24, weekly_caps: { S: 6, A: 6, B: 2, C: 1 } });
    await page.getByTestId('automation-settings-summary').filter({ hasText: 'B 2' }).waitFor();
  });

  it('lists the flows with their state', async () => {
    await page.getByTestId('automation-list-open').click();
    await page.waitForURL(/\/automation\/strategy-list$/);
    await page.getByTestId('flow-row').first().waitFor();
    expect(await page.getByTestId('flow-row').count()).toBe(7);
    const row = page.locator(`[data-testid="flow-row"][data-flow-id="${welcomeId}"]`);
    expect(await row.getByTestId('flow-row-state').textContent()).toBe(ui(lang, 'automation.card.enabled'));
    await snap(page, shots, '04-list');
    // Edit opens the flow's own page (edit layout) by its id.
    await row.getByTestId('flow-row-edit').click();
    await page.waitForURL(new RegExp(`/automation/strategy-edit\\?id=${welcomeId}$`));
    await page.goBack();
    await page.waitForURL(/\/automation\/strategy-list$/);
  });

  it('reports a sign-up that entered the welcome flow, with its charts', async () => {
    // A subscriber arrives through the store's own API, which enters the welcome flow.
    const { token } = await owner.post('/shop/api-token/create', { name: 'shop system' }, owner.token);
    const res = await fetch(`${env.app.baseUrl}/api/public/v1/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ customers: [{ id: `c-${lang}`, email: `amy-${lang.toLowerCase()}@example.net`, first_name: 'Amy', accepts_marketing: true }] }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(100);
    expect((await readFlows()).find((f) => f.id === welcomeId)!.last_30_days.entered).toBe(1);

    const row = page.locator(`[data-testid="flow-row"][data-flow-id="${welcomeId}"]`);
    await page.reload();
    const report = await awaitApiCall(page, '/automation/report', () => row.getByTestId('flow-row-report').click());
    expect(report.code).toBe(100);
    const data = report.data as FlowReport;
    expect(data.totals.entered).toBe(1);
    expect(data.daily).toHaveLength(30);
    expect(data.daily.reduce((sum, d) => sum + d.entered, 0)).toBe(1);
    await page.waitForURL(/\/automation\/strategy-report\?id=/);
    expect(await page.getByTestId('report-flow-name').textContent()).toBe(ui(lang, 'automation.kinds.welcome.name'));
    expect(await page.getByTestId('report-entered').textContent()).toBe('1');
    await page.getByTestId('report-step').first().waitFor();
    for (const chart of ['report-chart-daily', 'report-chart-funnel']) {
      // Drawn to the end of echarts' animation, so the screenshot shows the whole series.
      await page.locator(`[data-testid="${chart}"][data-drawn="true"] canvas`).waitFor();
      await page.getByTestId(chart).screenshot({ path: path.join(SCREENSHOT_DIR, shots, `06-${chart}.png`) });
    }
    await snap(page, shots, '05-report');

    const week = await awaitApiCall(page, '/automation/report', () => page.getByTestId('report-range-7').click());
    expect(week.code).toBe(100);
    await page.waitForURL(/days=7/);
  });

  it('explains how data arrives on a report with none', async () => {
    const cart = (await readFlows()).find((f) => f.kind === 'abandoned-cart')!;
    await page.goto(`${env.app.baseUrl}/automation/strategy-report?id=${cart.id}`);
    await page.getByTestId('report-empty').waitFor();
    await text(ui(lang, 'automation.report.emptyHelp')).waitFor();
    await snap(page, shots, '07-report-empty');
  });

  it.each([1366, 390])('fits every Smart Send page at %i px', async (width) => {
    await page.setViewportSize({ width, height: 844 });
    const pages: [string, string][] = [
      ['/automation', 'flow-card'],
      ['/automation/strategy-list', 'flow-row'],
      [`/automation/strategy-report?id=${welcomeId}`, 'report-step'],
    ];
    // At one width each page loads as a deep link would, at the other the router moves between
    // them as the menu does: both ways in are checked, at half the cost of loading every page twice.
    for (const [url, testId] of pages) {
      await visit(page, `${env.app.baseUrl}${url}`, width === 390);
      await page.getByTestId(testId).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
      await snap(page, shots, `10-${width}${url.replace(/\?.*/, '').replaceAll('/', '-')}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
