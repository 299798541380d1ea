import { readFile } from 'node:fs/promises';
import { translateError, type Locale } from '@storecast/contract';
import { orders } from '@storecast/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../apps/server/src/start-worker.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * The marketing calendar, the order export and the activity log in the browser, once per
 * language: a plan made from a pre-filled holiday, a Segment Send started from it (the wizard
 * opens on the new draft), an order export refused over 31 days then downloaded, and the
 * activity log showing those actions. zh-CN runs on the embedded PGlite, en-US on PostgreSQL.
 */
const env = {} as { app: RunningApp; browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('calendar and order export in %s on %s', (lang, database) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const shots = `calendar-export-${lang}`;
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let stopWorker: () => Promise<void> = async () => {};

  beforeAll(async () => {
    env.app = await startApp({}, { database });
    // The export runs on the job queue.
    stopWorker = await startWorker(env.app.deps, env.app.app.log);
    owner = await seedOwner(env.app, `Calendar ${lang}`);
    await env.app.deps.dbh.db.insert(orders).values([
      { shopId: owner.shopId, externalId: `#E2E-${lang}`, email: 'buyer@example.com', currency: 'USD', total: 4200, placedAt: daysAgo(1) },
    ]);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await stopWorker();
    await env.app?.close();
  });

  let holidayName = '';
  it('makes a plan from a pre-filled holiday of the store market', async () => {
    const holidays = page.locator('[data-testid^="holiday-"]');
    const countOf = (answer: { data: unknown }) => (answer.data as { items: unknown[] }).items.length;
    let answer = await awaitApiCall(page, '/calendar/holidays', () => page.goto(`${env.app.baseUrl}/dashboard/calendar`));
    // Some months have no holiday of the market: look ahead, a month at a time.
    for (let i = 0; i < 3 && countOf(answer) === 0; i++) {
      answer = await awaitApiCall(page, '/calendar/holidays', () => page.getByTestId('calendar-next').click());
    }
    expect(countOf(answer)).toBeGreaterThan(0);
    await holidays.first().waitFor();
    const holiday = holidays.first();
    holidayName = (await holiday.textContent())!.trim();
    await holiday.click();
    await page.getByTestId('plan-holiday').waitFor();
    expect(await page.getByTestId('plan-holiday').inputValue()).toBe(holidayName);
    await page.getByTestId('plan-offer').fill('x'.repeat(51));
    await page.getByTestId('plan-save').click();
    await text(err('errors.calendar.fieldTooLong')).waitFor();
    await page.getByTestId('plan-offer').fill('20%');
    await page.locator('.ant-form-item-explain-error').first().waitFor({ state: 'detached' });
    await page.getByTestId('plan-purpose').fill('Clear stock');
    await snap(page, shots, '01-plan-drawer');
    const saved = await awaitApiCall(page, '/calendar/save', () => page.getByTestId('plan-save').click());
    expect(saved.code, saved.msg).toBe(100);
    await page.getByTestId('plan-holiday').waitFor({ state: 'detached' });
    await page.getByTestId('calendar-plan').first().waitFor();
    await snap(page, shots, '02-calendar-with-plan');
  });

  it('starts a Segment Send from the plan and opens the wizard on the draft', async () => {
    await page.getByTestId('calendar-plan').first().click();
    await page.getByTestId('plan-start-send').waitFor();
    const started = await awaitApiCall(page, '/calendar/start-send', () => page.getByTestId('plan-start-send').click());
    expect(started.code, started.msg).toBe(100);
    const { strategy_id: id, name } = started.data as { strategy_id: string; name: string };
    expect(name).toContain(holidayName);
    await page.waitForURL((url) => url.pathname === '/tags/setting' && url.searchParams.get('id') === id);
    await snap(page, shots, '03-segment-send-draft');
  });

  it('refuses an order export over 31 days, then downloads one', async () => {
    await page.goto(`${env.app.baseUrl}/order/export`);
    const inputs = page.locator('.ant-card .ant-picker input');
    await inputs.nth(0).waitFor();
    const fill = async (from: string, to: string) => {
      await inputs.nth(0).click();
      await inputs.nth(0).fill(from);
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(to);
      await inputs.nth(1).press('Enter');
    };
    await fill(ymd(daysAgo(40)), ymd(daysAgo(0)));
    await page.getByTestId('order-export-start').click();
    await text(err('errors.export.range')).waitFor();
    await snap(page, shots, '04-order-export-range');
    await fill(ymd(daysAgo(7)), ymd(daysAgo(-1)));
    const started = await awaitApiCall(page, '/order/export/start', () => page.getByTestId('order-export-start').click());
    expect(started.code, started.msg).toBe(100);
    const record = page.getByTestId('order-export-record').first();
    await expect.poll(() => record.getByTestId('order-export-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
    const [download] = await Promise.all([page.waitForEvent('download'), record.getByTestId('order-export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-.*\.csv$/);
    const body = await readFile((await download.path())!, 'utf8');
    expect(body).toContain(`#E2E-${lang}`);
    expect(body).toContain('buyer@example.com');
    await snap(page, shots, '05-order-export-records');
  });

  it('shows the actions in the activity log', async () => {
    await page.goto(`${env.app.baseUrl}/store/activity-log`);
    await page.getByTestId('activity-row').first().waitFor();
    for (const key of ['notices.activity.calendar.save', 'notices.activity.calendar.startSend', 'notices.activity.order.export.start']) {
      await text(translateError(lang, key)).waitFor();
    }
    await text(owner.account).waitFor();
    await text(ui(lang, 'store.activityLog.title')).waitFor();
    await snap(page, shots, '06-activity-log');
  });
});
