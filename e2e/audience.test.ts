import { translateError, type Locale } from '@storecast/contract';
import { deliveries } from '@storecast/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret, signDeliveryTokens } from '../apps/server/src/modules/delivery/tracking-token.ts';
import { makePopup, storeOf, WORDING } from '../apps/server/src/modules/storefront/test/storefront-fixtures.ts';
import { startWorker } from '../apps/server/src/start-worker.ts';
import { choose, daysAgo, dropImportFile, fillDialogRange, ymd } from './pages/audience-pages.ts';
import { awaitDialogOf, awaitSettled } from './support/await-settled.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The audience user story in the browser, once per language: import a CSV with column mapping
 * and watch it finish, find the rows in the list, build a segment with a live count, export
 * a filtered list that shows up in the records, and read a pop-up subscriber's proof of consent.
 */
const env = useAppAndBrowser();

// Imports and exports are background jobs: run the worker beside the API, as `npm start` does.
let stopWorker: () => Promise<void> = async () => {};
beforeAll(async () => {
  stopWorker = await startWorker(env.app.deps, env.app.app.log);
});
afterAll(() => stopWorker());

const CSV = [
  'E-mail,Name,City,Notes',
  'ann@example.com,Ann,Paris,vip',
  'bob@example.com,Bob,Paris,',
  'chen@example.com,陈静,上海,中文行',
  'not-an-email,Zed,Berlin,',
].join('\n');

describe.each<Locale>(['zh-CN', 'en-US'])('audience in %s', (lang) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;

  beforeAll(async () => {
    owner = await seedOwner(env.app, `Audience ${lang}`);
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });

  it('opens /email-list on its list tab', async () => {
    await page.goto(`${env.app.baseUrl}/email-list`);
    await page.waitForURL(/\/email-list\/list$/);
    await page.getByTestId('tab-email-list-history').waitFor();
    await page.getByTestId('subscriber-total').waitFor();
  });

  it('refuses a file of the wrong type before uploading it', async () => {
    await page.getByTestId('subscriber-import').click();
    await page.waitForURL(/\/email-list\/import-upload$/);
    await dropImportFile(page, 'customers.txt', 'hello', 'text/plain');
    await text(err('errors.import.fileType')).waitFor();
  });

  it('imports a CSV with a column mapping and shows the record', async () => {
    await dropImportFile(page, 'customers.csv', CSV);
    await page.getByTestId('import-mapping').waitFor();
    // Nothing mapped to e-mail or phone: the contract's message, and no import.
    for (let i = 0; i < 4; i++) await choose(page, `import-map-${i}`, ui(lang, 'emailList.import.skip'));
    await page.getByTestId('import-start').click();
    await text(err('errors.import.noContactColumn')).waitFor();
    await choose(page, 'import-map-0', ui(lang, 'emailList.import.fields.email'));
    await choose(page, 'import-map-1', ui(lang, 'emailList.import.fields.first_name'));
    await choose(page, 'import-map-2', ui(lang, 'emailList.import.attribute'));
    await page.getByTestId('import-map-key-2').fill('city');
    await snap(page, lang, 'audience-01-import-mapping');
    await page.getByTestId('import-start').click();
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getAttribute('data-status')).toBe('completed');
    const count = async (k: string) => (await page.getByTestId(`import-count-${k}`).textContent())?.replace(/\D+/g, '');
    expect(await count('total')).toBe('4');
    expect(await count('new')).toBe('3');
    expect(await count('invalid')).toBe('1');
    await page.getByTestId('import-download-errors').waitFor();
    await snap(page, lang, 'audience-02-import-result');
  });

  it('shows the imported rows in the list and finds one by search', async () => {
    await page.getByTestId('import-to-list').click();
    await page.waitForURL(/\/email-list\/list$/);
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(3);
    await page.getByTestId('subscriber-search').locator('input').fill('bob@');
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(1);
    await page.getByTestId('subscriber-row').first().click();
    await expect.poll(() => page.getByTestId('detail-email').textContent()).toBe('bob@example.com');
    await snap(page, lang, 'audience-03-subscriber');
    await page.keyboard.press('Escape');
    await page.getByTestId('detail-email').waitFor({ state: 'detached' });
    await page.getByTestId('subscriber-search').locator('input').fill('');
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(3);
  });

  it('builds a segment on /tags with a live count', async () => {
    await page.goto(`${env.app.baseUrl}/tags?tab=segments`);
    await page.getByTestId('segment-row-system').first().waitFor();
    await page.getByTestId('segment-row-system').first().getByTestId('segment-edit').click();
    await text(err('errors.segment.systemReadonly')).waitFor();

    await page.getByTestId('segment-add').click();
    await awaitSettled(page.getByTestId('segment-name'));
    await page.getByTestId('segment-name').fill('x'.repeat(17));
    await choose(page, 'condition-0-field', ui(lang, 'segments.fields.attribute'));
    await page.getByTestId('condition-0-key').fill('city');
    await page.getByTestId('condition-0-value').fill('Paris');
    await expect.poll(() => page.getByTestId('segment-live-count').textContent(), { timeout: 10_000 }).toContain('2');
    await page.getByTestId('condition-add').click();
    await choose(page, 'condition-1-field', ui(lang, 'segments.fields.first_name'));
    await page.getByTestId('condition-1-value').fill('Ann');
    await expect.poll(() => page.getByTestId('segment-live-count').textContent(), { timeout: 10_000 }).toContain('1');
    await page.getByTestId('segment-match').getByText(ui(lang, 'segments.builder.any')).click();
    await expect.poll(() => page.getByTestId('segment-live-count').textContent(), { timeout: 10_000 }).toContain('2');
    await page.getByTestId('segment-save').click();
    await text(err('errors.segment.nameTooLong')).waitFor();
    await page.getByTestId('segment-name').fill('Paris');
    await snap(page, lang, 'audience-04-segment-builder');
    await page.getByTestId('segment-save').click();
    const row = page.getByTestId('segment-row').filter({ hasText: 'Paris' });
    await row.waitFor();
    expect(await row.getByTestId('segment-count').textContent()).toBe('2');
    await snap(page, lang, 'audience-05-segments');
  });

  it('exports a filtered list for at most 31 days and sees it in the records', async () => {
    await page.goto(`${env.app.baseUrl}/email-list/list`);
    await choose(page, 'filter-status', ui(lang, 'emailList.status.subscribed'));
    await page.getByTestId('subscriber-export').click();
    await awaitDialogOf(page, page.getByTestId('export-range'));
    await fillDialogRange(page, ymd(daysAgo(60)), ymd(daysAgo(0)));
    await page.getByTestId('export-ok').click();
    await text(err('errors.export.range')).waitFor();
    await snap(page, lang, 'audience-06-export-range');
    await fillDialogRange(page, ymd(daysAgo(10)), ymd(daysAgo(0)));
    await page.getByTestId('export-ok').click();
    await page.waitForURL(/\/email-list\/history$/);
    const record = page.getByTestId('export-record').first();
    await expect.poll(() => record.getByTestId('record-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
    await record.getByTestId('record-download-export').waitFor();
    expect(await page.getByTestId('import-record').count()).toBe(1);
    await snap(page, lang, 'audience-07-history');
  });

  it('shows a pop-up subscriber\'s consent record and history on the detail', async () => {
    const { dbh } = env.app.deps;
    const { key, origin } = await storeOf(env.app, owner.shopId);
    const popupId = await makePopup(env.app, owner.shopId, { name: 'Tea club' });
    const email = `consent-${lang.toLowerCase()}@example.com`;
    const pageUrl = `${origin}/collections/green-tea`;
    // The shopper signs up through the storefront's public route, from their own browser and address.
    const signed = await env.app.app.inject({
      method: 'POST', url: '/api/public/storefront/subscribe', remoteAddress: '203.0.113.7',
      headers: { origin, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'ShopperBrowser/1.0' },
      payload: JSON.stringify({ key, popup_id: popupId, visitor_id: `visitor-consent-${lang}`, email, consent: true, language: lang, page_url: pageUrl }),
    });
    expect(signed.json()).toMatchObject({ code: 100, data: { status: 'subscribed' } });
    // Later their mail client unsubscribes them with one click from a sent mail.
    const [sub] = await dbh.query<{ id: number }>('select id from subscribers where shop_id = $1 and email = $2', [owner.shopId, email]).then((r) => r.rows);
    const [d] = await dbh.db.insert(deliveries).values({ shopId: owner.shopId, strategyId: crypto.randomUUID(), subscriberId: Number(sub!.id), email, status: 'sent' })
      .returning({ id: deliveries.id });
    const left = await env.app.app.inject({
      method: 'POST', url: `/api/public/unsubscribe/${signDeliveryTokens(await appSecret(env.app.deps.config, dbh), d!.id).unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);

    await page.goto(`${env.app.baseUrl}/email-list/list`);
    await page.getByTestId('subscriber-search').locator('input').fill(email);
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(1);
    await page.getByTestId('subscriber-row').first().click();
    const history = page.getByTestId('consent-history');
    await history.waitFor();
    const steps = history.getByTestId('consent-event');
    await expect.poll(() => steps.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}/${e.getAttribute('data-via')}`)))
      .toEqual(['unsubscribed/one-click', 'signed_up/popup']);
    const unsubscribed = await steps.nth(0).textContent();
    expect(unsubscribed).toContain(ui(lang, 'emailList.detail.consentKinds.unsubscribed'));
    expect(unsubscribed).toContain(ui(lang, 'emailList.detail.consentVia.one-click'));
    const signUp = await steps.nth(1).textContent();
    for (const shown of [ui(lang, 'emailList.detail.consentKinds.signed_up'), ui(lang, 'emailList.detail.consentVia.popup'), 'Tea club', pageUrl, '203.0.113.7', 'ShopperBrowser/1.0', lang]) {
      expect(signUp).toContain(shown);
    }
    expect(await steps.nth(1).getByTestId('consent-wording').textContent()).toBe(WORDING[lang]);
    await history.scrollIntoViewIfNeeded();
    await snap(page, lang, 'audience-08-consent-history');
  });
});
