import type { Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitApiCall } from './support/await-api-call.ts';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * The live view and the shopper actions in the browser, once per language: the page opens its
 * stream, an order and a cart add pushed through the store's API appear with no reload and move
 * the counters; the action list filters by type on the server and opens a shopper's profile.
 * zh-CN runs on the embedded PGlite, en-US on PostgreSQL.
 */
const env = {} as { browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('live view in %s on %s', (lang, database) => {
  const shots = `liveview-${lang}`;
  const email = `lena-${lang.toLowerCase()}@example.net`;
  let app: RunningApp;
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let push: (path: string, body: unknown) => Promise<void>;

  beforeAll(async () => {
    app = await startApp({}, { database });
    owner = await seedOwner(app, `Live ${lang}`);
    const { token } = await owner.post('/shop/api-token/create', { name: 'shop system' }, owner.token);
    push = async (path, body) => {
      const res = await fetch(`${app.baseUrl}/api/public/v1/${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string };
      if (json.code !== 100) throw new Error(`${path}: ${json.msg}`);
    };
    await push('customers', { customers: [{ id: 'c-1', email, first_name: 'Lena', accepts_marketing: true }] });
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
  });

  const count = (c: string) => page.getByTestId(`live-count-${c}`);

  it('shows the last 30 minutes, then what the store sends in, without a reload', async () => {
    await page.goto(`${app.baseUrl}/dashboard/liveview`);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await page.getByText(ui(lang, 'liveview.status.live'), { exact: true }).waitFor();
    // The customer who accepted marketing signed up a moment ago.
    expect(await count('sign_ups').textContent()).toBe('1');
    expect(await count('orders').textContent()).toBe('0');

    const now = new Date().toISOString();
    await push('orders', { orders: [{ id: 'LIVE-1', email, customer_id: 'c-1', currency: 'USD', total: 4200, placed_at: now }] });
    await push('events', { events: [{ id: 'ev-1', customer_id: 'c-1', type: 'added_to_cart', occurred_at: now, subject: 'sku-77' }] });
    await page.locator('[data-testid="live-feed-item"][data-type="order"]').waitFor();
    await page.locator('[data-testid="live-feed-item"][data-type="added_to_cart"]').waitFor();
    await page.locator('[data-testid="live-count-orders"]', { hasText: '1' }).waitFor();
    expect(await count('cart_adds').textContent()).toBe('1');
    expect(await page.getByTestId('live-feed').textContent()).toContain(email);
    await snap(page, shots, '01-live-view');
  });

  it('reconnects after the connection drops and keeps pushing', async () => {
    // The server drops every connection, the page's stream among them (a restart, a proxy timeout).
    app.app.server.closeAllConnections();
    await page.locator('[data-testid="live-status"][data-status="reconnecting"]').waitFor();
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await push('orders', { orders: [{ id: 'LIVE-2', email, customer_id: 'c-1', currency: 'USD', total: 1500, placed_at: new Date().toISOString() }] });
    await page.locator('[data-testid="live-feed-item"]', { hasText: 'LIVE-2' }).waitFor();
    // The reconnection's first message counted again; the feed shows each line once.
    await page.locator('[data-testid="live-count-orders"]', { hasText: '2' }).waitFor();
    expect(await page.locator('[data-testid="live-feed-item"]', { hasText: 'LIVE-1' }).count()).toBe(1);
  });

  it('lists shopper actions, filters by type and opens the profile', async () => {
    const first = await awaitApiCall(page, '/dashboard/user-action', () => page.goto(`${app.baseUrl}/dashboard/user-action`));
    expect(first.code).toBe(100);
    await page.getByTestId('action-row').first().waitFor();
    expect(await page.getByTestId('action-row').count()).toBe(3);

    await page.getByTestId('action-type').click();
    const option = page.locator('.ant-select-item-option', { hasText: ui(lang, 'liveview.types.order') });
    await awaitSettled(page.locator('.ant-select-dropdown'));
    await option.click();
    const filtered = await awaitApiCall(page, '/dashboard/user-action', () => page.getByTestId('action-search').click());
    expect((filtered.data as { items: { type: string }[] }).items.map((i) => i.type)).toEqual(['order', 'order']);
    await page.locator('[data-testid="action-row"]', { hasText: 'LIVE-1' }).waitFor();
    expect(await page.getByTestId('action-row').count()).toBe(2);

    const profile = await awaitApiCall(page, '/people/ukey-info', () => page.getByTestId('action-row').first().click());
    expect(profile.code).toBe(100);
    await page.locator('[data-testid="profile-email"]', { hasText: email }).waitFor();
    await page.locator('[data-testid="profile-orders"]', { hasText: '2' }).waitFor();
    await page.getByText(ui(lang, 'liveview.profile.title')).first().waitFor();
    await awaitSettled(page.locator('.ant-drawer-content-wrapper'));
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await snap(page, shots, '02-user-action-profile');
  });
});
