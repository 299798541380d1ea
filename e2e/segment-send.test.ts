import { translateError, type Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { startWorker } from '../apps/server/src/start-worker.ts';
import { choose } from './pages/audience-pages.ts';
import { addBlock, fillSendAt, wallClock } from './pages/segment-send-pages.ts';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { mimePart, splitHeaders } from './support/read-mail.ts';
import { apiAsPage, reloadWhenReady } from './support/reload-when-ready.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type SinkMessage, startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/**
 * The Segment Send story in the browser, once per language: build a send in the wizard (with
 * its refusals), send it now to a real SMTP server, act as the recipient (open pixel, a
 * tracked click, RFC 8058 one-click unsubscribe from the header), and read it all in the report.
 * zh-CN runs on the embedded PGlite, en-US on PostgreSQL, so the story is proven on both.
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

/** A tracking URL from the mail, fetched from the running app whatever host PUBLIC_URL names. */
const local = (url: string) => `${app.baseUrl}${new URL(url).pathname}${new URL(url).search}`;

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('segment send in %s on %s', (lang, database) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const name = `Spring sale ${lang}`;
  // The starter's button text, written in the admin's language (locales/<lang>/segment-send.ts).
  const shopNow = lang === 'zh-CN' ? '立即选购' : 'Shop now';
  const recipient = `ann-${lang.toLowerCase()}@example.net`;
  let page: Page;
  let mail: SinkMessage;
  let ownerToken = '';

  beforeAll(async () => {
    app = await startApp({ smtpUrl: sink.url() }, { database });
    // Sending is a background job: run the worker beside the API, as `npm start` does.
    stopWorker = await startWorker(app.deps, app.app.log);
    const owner = await seedOwner(app, `Send ${lang}`);
    ownerToken = owner.token;
    await seedVerifiedSender(app.deps.dbh, owner.shopId);
    // Two subscribers; the segment picks one of them.
    await owner.post('/subscriber/save', { email: recipient, first_name: 'Ann' }, owner.token);
    await owner.post('/subscriber/save', { email: `bob-${lang.toLowerCase()}@example.org`, first_name: 'Bob' }, owner.token);
    await owner.post('/segment/save', { name: 'Ann', match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'ann-' }] }, owner.token);
    // A coupon preset of the store's brand assets, for the editor's coupon block to pick.
    await owner.post('/shop/presets-info', { code: 'SPRING10', discount: 15, description: 'Spring' }, owner.token);
    const ctx = await newContext(browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await stopWorker();
    await app?.close();
  });

  it('opens /tags on the strategies, with the segments a tab away', async () => {
    await page.goto(`${app.baseUrl}/tags`);
    await page.getByTestId('send-new').waitFor();
    await page.getByTestId('tab-tags-segments').click();
    await page.getByTestId('segment-row').filter({ hasText: 'Ann' }).waitFor();
    await page.getByTestId('tab-tags-strategies').click();
  });

  it('sets up the send: name, segment with its live count, personalised subject', async () => {
    await page.getByTestId('send-new').click();
    await page.waitForURL(/\/tags\/setting$/);
    await page.getByTestId('send-next').click();
    await text(err('errors.strategy.nameRequired')).waitFor();
    await page.getByTestId('send-name').fill(name);
    await choose(page, 'send-segments', 'Ann');
    await expect.poll(() => page.getByTestId('send-audience-count').getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    await page.getByTestId('send-subject').fill('Hello ');
    await page.getByTestId('send-subject-field-insert').click();
    await awaitSettled(page.getByTestId('send-subject-field-insert-insert'));
    await page.getByTestId('send-subject-field-insert-fallback').fill('friend');
    await page.getByTestId('send-subject-field-insert-insert').click();
    expect(await page.getByTestId('send-subject').inputValue()).toBe('Hello {{first_name|friend}}');
    await snap(page, lang, 'send-01-setting');
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/template\?id=.+/);
  });

  it('starts from a template and builds the content in the block editor', async () => {
    await page.getByTestId('template-starter').click();
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/content\?id=/);
    // The starter: logo, text, image, button, social, footer (locked, last).
    await expect.poll(() => page.locator('[data-testid^="block-"][data-type]').count()).toBe(6);
    expect(await page.getByTestId('block-5').getAttribute('data-type')).toBe('footer');
    expect(await page.getByTestId('block-5').getByTestId('block-remove').count()).toBe(0);

    // A coupon after the text, filled from the store's preset, moved up above it.
    await page.getByTestId('block-1').click();
    const coupon = await addBlock(page, 'coupon');
    expect(coupon).toBe(2);
    await choose(page, 'coupon-preset', 'SPRING10');
    expect(await page.getByTestId('block-code').inputValue()).toBe('SPRING10');
    expect(await page.getByTestId('block-discount').inputValue()).toBe('15');
    expect(await page.getByTestId('block-description').inputValue()).toBe('Spring');
    await page.getByTestId('block-2').getByTestId('block-up').click();
    expect(await page.getByTestId('block-1').getAttribute('data-type')).toBe('coupon');

    // Dragging the image's handle onto the top half of the coupon drops it above the coupon.
    await page.getByTestId('block-3').getByTestId('block-drag').dragTo(page.getByTestId('block-1'), { targetPosition: { x: 40, y: 3 } });
    const order = () => page.locator('[data-testid^="block-"][data-type]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
    expect(await order()).toEqual(['header', 'image', 'coupon', 'text', 'button', 'social', 'footer']);

    // A bad link is refused with the contract's message, and the step does not move on.
    await page.locator('[data-type="button"]').click();
    expect(await page.getByTestId('block-text').inputValue()).toBe(shopNow);
    await page.getByTestId('block-href').fill('not a link');
    await text(err('errors.content.link')).waitFor();
    await page.getByTestId('send-next').click();
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/tags/content');
    await page.getByTestId('block-href').fill('https://shop.example.com/sale');

    // The text block with a personalisation field.
    await page.locator('[data-type="text"]').click();
    await page.getByTestId('block-html').fill('<p>Hi </p>');
    await page.getByTestId('block-html').evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
    await page.getByTestId('text-field-insert').click();
    await awaitSettled(page.getByTestId('text-field-insert-insert'));
    await page.getByTestId('text-field-insert-fallback').fill('there');
    await page.getByTestId('text-field-insert-insert').click();
    expect(await page.getByTestId('block-html').inputValue()).toBe('<p>Hi {{first_name|there}}</p>');

    // Previews rendered by the server, desktop then mobile.
    await page.getByTestId('preview-frame-desktop').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('preview-size').getAttribute('data-bytes')).not.toBe('');
    await snap(page, lang, 'send-02-content');
    await page.getByTestId('preview-device').getByText(/375/).click();
    const frame = page.getByTestId('preview-frame-mobile');
    await frame.waitFor();
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(380);
    await page.getByTestId('send-next').click();
    await page.waitForURL(/\/tags\/confirm\?id=/);

    // The preset picked in the editor is saved as the strategy's coupon.
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await fetch(`${app.baseUrl}/api/strategy/detail?id=${id}`, { headers: { authorization: `Bearer ${ownerToken}` } }).then((r) => r.json()) as { data: { coupon_id: string | null } };
    const presets = await fetch(`${app.baseUrl}/api/shop/presets`, { headers: { authorization: `Bearer ${ownerToken}` } }).then((r) => r.json()) as { data: { id: string; code: string }[] };
    expect(saved.data.coupon_id).toBe(presets.data.find((p) => p.code === 'SPRING10')!.id);
    // The store has no postal address yet and this app runs on http: the confirmation warns about both.
    await page.getByTestId('send-warning-noPostalAddress').waitFor();
    expect(await page.getByTestId('send-warning-noPostalAddress').textContent()).toContain(err('errors.strategy.noPostalAddress'));
    expect(await page.getByTestId('send-warning-httpLinks').count()).toBe(1);
  });

  it('keeps everything over a reload and refuses a send time under an hour away', async () => {
    await page.reload();
    await expect.poll(() => page.getByTestId('confirm-audience').textContent(), { timeout: 10_000 }).toBe('1');
    await page.getByTestId('send-later').click();
    await page.getByTestId('send-zone').waitFor();
    await fillSendAt(page, wallClock(Date.now() + 10 * 60_000, 'Asia/Shanghai'));
    await page.getByTestId('send-confirm').click();
    await page.getByTestId('send-at-error').waitFor();
    expect(await page.getByTestId('send-at-error').textContent()).toContain(err('errors.strategy.sendAtTooSoon'));
    // Three hours ahead in the store's zone is fine there, but already past in UTC+14.
    await fillSendAt(page, wallClock(Date.now() + 3 * 3_600_000, 'Asia/Shanghai'));
    await page.getByTestId('send-at-passed').waitFor();
    expect(await page.getByTestId('send-at-error').count()).toBe(0);
    await snap(page, lang, 'send-03-confirm-later');
  });

  it('sends now and the mail reaches the SMTP server', async () => {
    await page.getByTestId('send-now').click();
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/\/tags$/);
    const row = page.getByTestId('send-row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(async () => {
      const found = sink.messages.find((m) => m.to.includes(recipient));
      if (found) mail = found;
      return !!found;
    }, { timeout: 60_000, interval: 500 }).toBe(true);
    expect(sink.messages.filter((m) => m.to.includes(recipient))).toHaveLength(1);
    const { headers } = splitHeaders(mail.raw.toString('utf8'));
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('dkim-signature')).toBeTruthy();
    const sentId = await page.getByTestId('send-row').filter({ hasText: name }).getAttribute('data-id');
    await reloadWhenReady(page, async () => (await apiAsPage<{ status: string }>(page, `/strategy/detail?id=${sentId}`)).status === 'completed');
    expect(await page.getByTestId('send-row').filter({ hasText: name }).getByTestId('send-status').getAttribute('data-status')).toBe('completed');
    await snap(page, lang, 'send-04-list');
  });

  it('counts the open, the click and the one-click unsubscribe in the report', async () => {
    const html = mimePart(mail.raw.toString('utf8'), 'text/html')!;
    expect(html).toContain('Hi Ann');
    expect(html).toContain('SPRING10');
    const pixel = /https?:\/\/[^"'\s]+\/api\/public\/o\/[\w.-]+/.exec(html)?.[0];
    const click = /https?:\/\/[^"'\s]+\/api\/public\/c\/[\w.-]+\/\d+/.exec(html)?.[0];
    expect(pixel).toBeTruthy();
    expect(click).toBeTruthy();
    expect((await fetch(local(pixel!))).status).toBe(200);
    const clicked = await fetch(local(click!), { redirect: 'manual' });
    expect(clicked.status).toBe(302);
    const unsubscribe = /<(https?:[^>]+)>/.exec(splitHeaders(mail.raw.toString('utf8')).headers.get('list-unsubscribe')!)![1]!;
    const posted = await fetch(local(unsubscribe), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);

    await page.getByTestId('send-row').filter({ hasText: name }).getByTestId('send-report').click();
    await page.waitForURL(/\/tags\/strategy-report\?id=/);
    const stat = (k: string) => page.getByTestId(`report-${k}`).textContent();
    const reportId = new URL(page.url()).searchParams.get('id');
    type Stats = { strategy: { stats: { opened: number; clicked: number; unsubscribed: number } } };
    await reloadWhenReady(page, async () => {
      const { opened, clicked, unsubscribed } = (await apiAsPage<Stats>(page, `/strategy/report?id=${reportId}`)).strategy.stats;
      return [opened, clicked, unsubscribed].join(',') === '1,1,1';
    }, 30_000);
    await page.getByTestId('report-sent').waitFor();
    expect([await stat('opened'), await stat('clicked'), await stat('unsubscribed')].join(',')).toBe('1,1,1');
    expect(Number(await stat('sent'))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('report-chart-engagement').locator('canvas').first().waitFor();
    await snap(page, lang, 'send-05-report');
  });
});
