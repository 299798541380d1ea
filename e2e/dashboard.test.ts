import type { Locale } from '@storecast/contract';
import { deliveries, strategies, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountAllDirty } from '../apps/server/src/modules/dashboard/recount-days.ts';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { visit } from './support/open-in-app.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/**
 * The dashboard's overview and goals in the browser, once per language: a store with a sent
 * Segment Send (opened, clicked) and an order after the click sees its numbers for a range and
 * their charts; a store with nothing yet sees how to get data; goals are saved and show progress.
 * The numbers come from the daily rollups, recounted as the worker's job does. Every new screen
 * of the dashboard, the calendar, the order export and the activity log fits a 390 px phone.
 * zh-CN runs on the embedded PGlite, en-US on PostgreSQL.
 */
const env = {} as { browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('dashboard in %s on %s', (lang, database) => {
  const shots = `dashboard-${lang}`;
  let app: RunningApp;
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  /** The store's day (Asia/Shanghai) the send went out. */
  let sentDay = '';

  beforeAll(async () => {
    app = await startApp({}, { database });
    owner = await seedOwner(app, `Dash ${lang}`);
    const { token } = await owner.post('/shop/api-token/create', { name: 'shop system' }, owner.token);
    const push = async (path: string, body: unknown) => {
      const res = await fetch(`${app.baseUrl}/api/public/v1/${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string };
      if (json.code !== 100) throw new Error(`${path}: ${json.msg}`);
    };
    const people = ['ada', 'ben', 'cleo'].map((n) => ({ id: `c-${n}`, email: `${n}-${lang.toLowerCase()}@example.net`, first_name: n, accepts_marketing: true }));
    await push('customers', { customers: people });
    // A Segment Send sent yesterday to the three: all opened, one clicked, and that one ordered.
    const { db } = app.deps.dbh;
    const [s] = await db.insert(strategies).values({
      shopId: owner.shopId, kind: 'segment', name: 'Autumn tea', title: 'Autumn tea', status: 'completed',
      utm: { source: 'storecast', medium: 'email', campaign: 'autumn' }, sendMode: 'now',
    }).returning({ id: strategies.id });
    const subs = await db.select({ id: subscribers.id, email: subscribers.email }).from(subscribers).where(eq(subscribers.shopId, owner.shopId));
    // Yesterday at 10:00 in the store's zone (UTC+8 all year), so the send, its opens and the
    // order fall on one store day whatever the hour the test runs at.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const sentAt = new Date(Date.parse(`${today}T10:00:00+08:00`) - 86_400_000);
    const openedAt = new Date(sentAt.getTime() + 3600_000);
    await db.insert(deliveries).values(subs.map((x) => ({
      shopId: owner.shopId, strategyId: s!.id, subscriberId: x.id, email: x.email, status: 'sent' as const, attempts: 1,
      sentAt, openedAt, clickedAt: x.email?.startsWith('ada-') ? openedAt : null,
    })));
    await push('orders', { orders: [{
      id: 'o-1', customer_id: 'c-ada', currency: 'USD', total: 4_500, placed_at: new Date(openedAt.getTime() + 600_000).toISOString(),
    }] });
    await recountAllDirty(app.deps.dbh);
    sentDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(sentAt);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
  });

  it('shows the range\'s numbers from the rollups, with charts', async () => {
    await page.goto(`${app.baseUrl}/dashboard/overview`);
    await page.getByTestId('overview-range-last_7_days').click();
    const value = (key: string) => page.getByTestId(`overview-value-${key}`);
    await expect.poll(() => value('sent').textContent()).toBe('3');
    await expect.poll(() => value('orders').textContent()).toBe('1');
    expect(await value('revenue').textContent()).toContain('45.00');
    expect(await value('newSubscribers').textContent()).toBe('3');
    await awaitSettled(page.getByTestId('overview-by-source'));
    for (const chart of ['revenue', 'sends']) await page.locator(`[data-testid="overview-chart-${chart}"][data-drawn="true"]`).waitFor();
    // The charts' days are the store's: the send sits on the day it went out in Shanghai.
    const res = await fetch(`${app.baseUrl}/api/dashboard/overview?range=last_7_days`, { headers: { authorization: `Bearer ${owner.token}` } });
    const series = ((await res.json()) as { data: { series: { day: string; sent: number; opened: number }[] } }).data.series;
    expect(series.filter((d) => d.sent > 0)).toEqual([expect.objectContaining({ day: sentDay, sent: 3, opened: 3 })]);
    await snap(page, shots, '01-overview-last-7-days');
    // Yesterday holds the send; today holds none of it.
    await page.getByTestId('overview-range-today').click();
    await expect.poll(() => value('sent').textContent()).toBe('0');
  });

  it('fits a 390 px phone with numbers in the breakdown tables, which scroll inside their cards', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/dashboard/overview`);
    await page.getByTestId('overview-range-last_7_days').click();
    await expect.poll(() => page.getByTestId('overview-value-sent').textContent()).toBe('3');
    const tables = ['overview-by-channel', 'overview-by-source'];
    for (const table of tables) await page.getByTestId(table).locator('tr.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'page width at 390 px').toBeLessThanOrEqual(390);
    for (const table of tables) {
      const box = page.getByTestId(table).locator('.ant-table-content');
      const scrolls = await box.evaluate((e) => e.scrollWidth > e.clientWidth && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX));
      expect(scrolls, `${table} scrolls sideways`).toBe(true);
    }
    await snap(page, shots, '01-overview-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a store with nothing yet says how to get data', async () => {
    await owner.addStore(`Empty ${lang}`);
    await page.goto(`${app.baseUrl}/dashboard/overview`);
    await page.getByTestId('overview-empty').waitFor();
    expect(await page.getByTestId('overview-empty').locator('a').count()).toBeGreaterThan(0);
    await snap(page, shots, '02-overview-empty');
  });

  it('saves the month\'s goals and shows progress with advice', async () => {
    await page.goto(`${app.baseUrl}/dashboard/goals`);
    await page.getByTestId('goals-form').waitFor();
    await page.getByTestId('goals-sends').fill('1000');
    await page.getByTestId('goals-subscribers').fill('50');
    await page.getByTestId('goals-save').click();
    await page.getByTestId('goals-progress-sends').locator('.ant-progress').waitFor();
    await page.reload();
    await page.getByTestId('goals-progress-sends').locator('.ant-progress').waitFor();
    expect(await page.getByTestId('goals-sends').inputValue()).toBe('1000');
    await page.getByTestId('goals-advice').waitFor();
    await snap(page, shots, '03-goals');
  });

  it('fits every new screen at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const screens: [string, string][] = [
      ['/dashboard/overview', 'overview-range'],
      ['/dashboard/goals', 'goals-form'],
      ['/dashboard/liveview', 'live-status'],
      ['/dashboard/user-action', 'action-filters'],
      ['/dashboard/calendar', 'calendar-month'],
      ['/order/export', 'order-export-range'],
      ['/store/activity-log', 'activity-action'],
    ];
    // Loaded as deep links in one language, reached through the router in the other: both ways
    // into each screen stay checked at half the cost of loading every one twice.
    for (const [url, testId] of screens) {
      await visit(page, `${app.baseUrl}${url}`, lang === 'en-US');
      await page.getByTestId(testId).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} at 390 px`).toBeLessThanOrEqual(0);
      await snap(page, shots, `04-390${url.replaceAll('/', '-')}`);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});
