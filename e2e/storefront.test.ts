import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type PopupConditionsInput, type PopupContent, translateError } from '@storecast/contract';
import { consentRecords, events, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, SCREENSHOT_DIR } from './support/browser.ts';
import { seedOwner } from './support/seed-owner.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The storefront journey: a shop's own site (a fixture on another loopback port, so another
 * origin than the product) embeds the script tag the admin hands out. The pop-up shows by its
 * trigger (delay on a driven clock, scroll, exit intent), the shopper signs up in either
 * language, the subscriber and the consent record exist, and the pop-up keeps away after the
 * sign-up and within its frequency cap. Another origin and a made-up key are refused.
 */
const env = useAppAndBrowser();

let shop: Server;
let shopOrigin = '';
let owner: Awaited<ReturnType<typeof seedOwner>>;
let shopId = '';
let publicKey = '';
let content: PopupContent;
const contexts: BrowserContext[] = [];

/** A shop theme that styles everything, the pop-up's host element included; none of it may reach the pop-up. */
const HOSTILE_CSS = '*{font-style:italic;font-weight:100;letter-spacing:4px;word-spacing:8px;text-transform:uppercase;text-align:right !important;' +
  'font-size:30px;color:#ff00ff;font-family:serif;line-height:3;text-indent:40px;white-space:nowrap}';

/** A tall shop page (with a hostile theme) and the script tag; `?key=` swaps the key, as an owner's typo would. */
function shopPage(url: URL): string {
  const key = url.searchParams.get('key') ?? publicKey;
  const lang = url.searchParams.get('lang');
  return `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8"><title>Fixture tea shop</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:sans-serif;margin:0}main{padding:24px;height:3000px;background:linear-gradient(#e8f5e9,#fff3e0)}
${HOSTILE_CSS}</style>
<script>window.storecast = window.storecast || []; storecast.push(['track', 'viewed_product', { product_id: 'tea-1', price: 12.5 }]);</script>
<script src="${env.app.baseUrl}/storecast.js" data-key="${key}" async></script></head>
<body><main><h1>Green tea, 100 g</h1><p>Fresh leaves from the spring harvest.</p><button id="buy">Add to cart</button></main></body></html>`;
}

async function savePopup(conditions: PopupConditionsInput) {
  await owner.post('/popup/save', { enabled: true, double_opt_in: false, content, conditions }, owner.token);
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${env.app.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 100) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

const mainPopup = () => get<{ id: string; totals: { views: number; sign_ups: number } }>('/popup/info');

/**
 * A fresh shopper (own browser profile) on the shop's page, with a clock the test drives. An
 * installed clock still moves with real time; `paused` stops it before the page loads, so only
 * the test moves it (on a busy machine the seconds a page takes would otherwise count too).
 */
async function openShop(locale: 'zh-CN' | 'en-US', opts: { width?: number; path?: string; paused?: boolean } = {}) {
  const ctx = await newContext(env.browser, { locale, width: opts.width });
  contexts.push(ctx);
  const page = await ctx.newPage();
  const start = Date.now();
  await page.clock.install({ time: start });
  if (opts.paused) await page.clock.pauseAt(start + 60_000);
  await visit(page, opts.path);
  return page;
}

/** Loads a shop page and waits until the script has read its config and armed its triggers. */
async function visit(page: Page, path = '/') {
  await page.goto(`${shopOrigin}${path}`);
  await page.waitForSelector('script[data-storecast=ready]', { state: 'attached' });
}

/** The viewport as the shopper sees it (the pop-up is fixed; a full-page shot would misplace it). */
async function snap(page: Page, name: string) {
  const dir = path.join(SCREENSHOT_DIR, 'storefront');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

const popupOf = (page: Page) => page.getByRole('dialog');
const popupCount = (page: Page) => page.locator('storecast-popup').count();

async function signUp(page: Page, lang: 'zh-CN' | 'en-US', email: string) {
  const texts = content.texts[lang];
  const dialog = popupOf(page);
  await dialog.getByRole('button', { name: texts.button }).click();
  // The script's own check, in the shopper's language, before any request.
  await dialog.getByText(lang === 'zh-CN' ? '请输入邮箱地址' : 'Enter your e-mail address', { exact: true }).waitFor();
  await dialog.getByText(lang === 'zh-CN' ? '请先勾选同意再订阅' : 'Tick the box to agree before you sign up', { exact: true }).waitFor();
  await dialog.getByLabel(lang === 'zh-CN' ? '邮箱地址' : 'E-mail address').fill('shopper@nowhere');
  await dialog.getByRole('button', { name: texts.button }).click();
  await dialog.getByText(lang === 'zh-CN' ? '请输入有效的邮箱地址，例如 name@example.com' : 'Enter an e-mail address like name@example.com').waitFor();
  await dialog.getByLabel(lang === 'zh-CN' ? '邮箱地址' : 'E-mail address').fill(email);
  await dialog.getByLabel(texts.consent).check();
  await dialog.getByRole('button', { name: texts.button }).click();
  await dialog.getByRole('heading', { name: texts.success_title }).waitFor();
}

async function expectSubscribed(email: string, lang: 'zh-CN' | 'en-US') {
  const db = env.app.deps.dbh.db;
  const [row] = await db.select().from(subscribers).where(and(eq(subscribers.shopId, shopId), eq(subscribers.email, email)));
  expect(row, email).toBeDefined();
  expect(row!.status).toBe('subscribed');
  const consents = await db.select().from(consentRecords).where(eq(consentRecords.subscriberId, row!.id));
  expect(consents).toHaveLength(1);
  expect(consents[0]).toMatchObject({ shopId, wording: content.texts[lang].consent, language: lang, channel: 'email' });
  expect(consents[0]!.pageUrl.startsWith(shopOrigin)).toBe(true);
  expect(consents[0]!.userAgent).toMatch(/Chrom/);
  expect(consents[0]!.ip).not.toBe('');
}

beforeAll(async () => {
  shop = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    if (url.pathname === '/favicon.ico') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(url));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  // The product accepts `localhost` (not a bare IP) as a homepage; the fixture listens on loopback.
  shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
  owner = await seedOwner(env.app, 'Storefront');
  ({ shop_id: shopId } = await owner.post('/shop/connect', {
    platform: 'custom', name: 'Fixture tea shop', homepage_url: shopOrigin, currency: 'USD', timezone: 'Asia/Shanghai',
  }, owner.token) as { shop_id: string });
  ({ public_key: publicKey } = await get<{ public_key: string }>('/shop/app-embed-block'));
  ({ content } = await get<{ content: PopupContent }>('/popup/info'));
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await new Promise((resolve) => shop?.close(resolve));
});

describe('storefront pop-up', () => {
  it('appears after its delay on a phone, and a zh-CN shopper signs up; then it keeps away', async () => {
    await savePopup({ trigger: { type: 'delay', delay_seconds: 30 }, audience: { visitors: 'new' }, frequency: { times: 100, period_days: 1 } });
    const page = await openShop('zh-CN', { width: 375, paused: true });
    await page.clock.runFor(29_000);
    expect(await popupCount(page)).toBe(0);
    await page.clock.runFor(1_000);
    await popupOf(page).getByRole('heading', { name: content.texts['zh-CN'].title }).waitFor();
    await page.clock.resume();
    await snap(page, 'popup-zh-CN-375');
    await signUp(page, 'zh-CN', 'zh-shopper@example.com');
    await snap(page, 'signed-up-zh-CN-375');
    await expectSubscribed('zh-shopper@example.com', 'zh-CN');

    // Signed up in this browser: the next pages stay free of the pop-up, however long one waits.
    await visit(page, '/products/tea');
    await page.clock.runFor(120_000);
    expect(await popupCount(page)).toBe(0);

    // The shopper's events arrived in batches under the visitor id: page views, the product view
    // the shop queued before the script loaded, and the pop-up's view, which the pop-up counts.
    const visitorId = await page.evaluate(() => localStorage.getItem('storecast.visitor'));
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const typesOf = async () => (await env.app.deps.dbh.db.select({ type: events.type, subject: events.subject }).from(events)
      .where(and(eq(events.shopId, shopId), eq(events.visitorId, visitorId!)))).map((e) => `${e.type}:${e.subject ?? ''}`).sort();
    await expect.poll(typesOf).toEqual(expect.arrayContaining(['viewed_page:', 'viewed_product:tea-1', `popup_viewed:${(await mainPopup()).id}`]));
    expect((await mainPopup()).totals).toMatchObject({ views: 1, sign_ups: 1 });
  });

  it('appears on exit intent on a desktop, and an en-US shopper signs up', async () => {
    await savePopup({ trigger: { type: 'exit_intent' }, audience: { visitors: 'all' } });
    const page = await openShop('en-US');
    await page.clock.runFor(60_000);
    expect(await popupCount(page)).toBe(0);
    // The pointer leaves the page through the top edge, towards the tabs.
    await page.mouse.move(640, 300);
    await page.mouse.move(640, 5, { steps: 5 });
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 640, clientY: -1, relatedTarget: null })));
    await popupOf(page).getByRole('heading', { name: content.texts['en-US'].title }).waitFor();
    await snap(page, 'popup-en-US-1280');
    await signUp(page, 'en-US', 'en-shopper@example.com');
    await expectSubscribed('en-shopper@example.com', 'en-US');
  });

  it('appears once the shopper scrolled far enough', async () => {
    await savePopup({ trigger: { type: 'scroll', scroll_percent: 50 }, audience: { visitors: 'all' } });
    const page = await openShop('en-US');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.clock.runFor(1_000);
    expect(await popupCount(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await popupOf(page).waitFor();
  });

  it('keeps to its frequency cap, and Esc closes it', async () => {
    await savePopup({ trigger: { type: 'delay', delay_seconds: 5 }, audience: { visitors: 'all' }, frequency: { times: 2, period_days: 1 } });
    const page = await openShop('zh-CN');
    for (let view = 1; view <= 2; view++) {
      if (view > 1) await visit(page);
      await page.clock.runFor(5_000);
      await popupOf(page).waitFor();
      await page.keyboard.press('Escape');
      await popupOf(page).waitFor({ state: 'detached' });
    }
    await visit(page);
    await page.clock.runFor(60_000);
    expect(await popupCount(page)).toBe(0);
  });

  it('draws every shipped template within a phone and a desktop screen, in both languages', async () => {
    const templates = await get<{ name_en: string; content: PopupContent }[]>('/popup-template/gallery');
    expect(templates.length).toBeGreaterThanOrEqual(8);
    for (const [lang, width] of [['zh-CN', 375], ['en-US', 375], ['zh-CN', 1280], ['en-US', 1280]] as const) {
      const page = await openShop(lang, { width });
      for (const tpl of templates) {
        await owner.post('/popup/save', {
          enabled: true, content: tpl.content, conditions: { trigger: { type: 'delay', delay_seconds: 1 }, audience: { visitors: 'all' }, frequency: { times: 100, period_days: 1 } },
        }, owner.token);
        await visit(page);
        await page.clock.runFor(1_000);
        const dialog = popupOf(page);
        await dialog.getByRole('heading', { name: tpl.content.texts[lang].title }).waitFor();
        // Inside the screen, and nothing inside it wider than the dialog.
        const box = (await dialog.boundingBox())!;
        expect(box.x, tpl.name_en).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, tpl.name_en).toBeLessThanOrEqual(width + 0.5);
        expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth), tpl.name_en).toBe(true);
        await snap(page, `template-${tpl.name_en.toLowerCase().replace(/\W+/g, '-')}-${lang}-${width}`);
      }
    }
  });

  it('keeps the shop\'s stylesheet out of the pop-up: every text is drawn with the pop-up\'s own styles', async () => {
    const conditions: PopupConditionsInput = { trigger: { type: 'delay', delay_seconds: 1 }, audience: { visitors: 'all' }, frequency: { times: 100, period_days: 1 } };
    await savePopup(conditions);
    const page = await openShop('en-US');
    await page.clock.runFor(1_000);
    await popupOf(page).getByRole('heading', { name: content.texts['en-US'].title }).waitFor();
    const read = () => page.evaluate(() => {
      const root = document.querySelector('storecast-popup')!.shadowRoot!;
      const style = (selector: string) => {
        const s = getComputedStyle(root.querySelector(selector)!);
        return {
          fontStyle: s.fontStyle, fontWeight: s.fontWeight, letterSpacing: s.letterSpacing, wordSpacing: s.wordSpacing,
          textTransform: s.textTransform, textAlign: s.textAlign, textIndent: s.textIndent, whiteSpace: s.whiteSpace, fontSize: s.fontSize,
        };
      };
      return { title: style('h2'), body: style('.lead'), button: style('button.primary'), input: style('input[type=email]'), consent: style('.consent label') };
    });
    const plain = { fontStyle: 'normal', letterSpacing: 'normal', wordSpacing: '0px', textTransform: 'none', textIndent: '0px', whiteSpace: 'normal' };
    expect(await read()).toEqual({
      title: { ...plain, fontWeight: '700', textAlign: 'start', fontSize: '24px' },
      body: { ...plain, fontWeight: '400', textAlign: 'start', fontSize: '15px' },
      button: { ...plain, fontWeight: '700', textAlign: 'center', fontSize: '16px' },
      input: { ...plain, fontWeight: '400', textAlign: 'start', fontSize: '16px' },
      consent: { ...plain, fontWeight: '400', textAlign: 'start', fontSize: '13px' },
    });
    await snap(page, 'hostile-shop-css-en-US-1280');

    // The full-screen layout centres its text by design; its consent line stays left-aligned.
    await owner.post('/popup/save', { enabled: true, double_opt_in: false, content: { ...content, layout: 'fullscreen' }, conditions }, owner.token);
    await visit(page);
    await page.clock.runFor(1_000);
    await popupOf(page).getByRole('heading', { name: content.texts['en-US'].title }).waitFor();
    const full = await read();
    expect([full.title.textAlign, full.title.fontWeight, full.title.fontSize, full.body.textAlign, full.consent.textAlign]).toEqual(['center', '700', '34px', 'center', 'left']);
  });

  it('marks the e-mail box with the server\'s refusal of the address, in the shopper\'s language', async () => {
    await savePopup({ trigger: { type: 'delay', delay_seconds: 1 }, audience: { visitors: 'all' }, frequency: { times: 100, period_days: 1 } });
    const page = await openShop('zh-CN');
    await page.clock.runFor(1_000);
    const dialog = popupOf(page);
    const box = dialog.getByLabel('邮箱地址');
    // The form's own check lets a one-letter ending through; the server refuses it.
    await box.fill('shopper@example.c');
    await dialog.getByLabel(content.texts['zh-CN'].consent).check();
    await dialog.getByRole('button', { name: content.texts['zh-CN'].button }).click();
    await dialog.locator('input[type=email][aria-invalid=true]').waitFor();
    const message = dialog.locator(`[id="${await box.getAttribute('aria-describedby')}"]`);
    expect(await message.textContent()).toBe(translateError('zh-CN', 'errors.storefront.emailInvalid'));
    await expect.poll(() => box.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await snap(page, 'server-refusal-zh-CN-1280');
  });

  it('shows the coupon\'s line in the shopper\'s language, and the owner\'s own description where the pop-up has none', async () => {
    const preset = await owner.post('/shop/presets-info', { code: 'TEA10', discount: 10, description: '10% off your first order' }, owner.token) as { id: string };
    const conditions: PopupConditionsInput = { trigger: { type: 'delay', delay_seconds: 1 }, audience: { visitors: 'all' }, frequency: { times: 100, period_days: 1 } };
    const withCoupon = { ...content, coupon_preset_id: preset.id };
    const showCoupon = async (lang: 'zh-CN' | 'en-US', email: string, note: string) => {
      const page = await openShop(lang);
      await page.clock.runFor(1_000);
      const dialog = popupOf(page);
      await dialog.getByLabel(lang === 'zh-CN' ? '邮箱地址' : 'E-mail address').fill(email);
      await dialog.getByLabel(withCoupon.texts[lang].consent).check();
      await dialog.getByRole('button', { name: withCoupon.texts[lang].button }).click();
      await dialog.getByText('TEA10', { exact: true }).waitFor();
      await dialog.getByText(note, { exact: true }).waitFor();
      await snap(page, `coupon-${lang}-${email.split('@')[0]}`);
    };
    // The shipped template carries the coupon's line in both languages.
    for (const lang of ['zh-CN', 'en-US'] as const) expect(withCoupon.texts[lang].coupon_note, lang).toMatch(lang === 'zh-CN' ? /[\u4e00-\u9fff]/ : /^[ -~]+$/);
    await owner.post('/popup/save', { enabled: true, double_opt_in: false, content: withCoupon, conditions }, owner.token);
    await showCoupon('zh-CN', 'coupon-zh@example.com', withCoupon.texts['zh-CN'].coupon_note);
    await showCoupon('en-US', 'coupon-en@example.com', withCoupon.texts['en-US'].coupon_note);
    // Without the pop-up's line, the preset's description shows as the owner wrote it.
    const ownWords = { ...withCoupon, texts: { 'zh-CN': { ...withCoupon.texts['zh-CN'], coupon_note: '' }, 'en-US': { ...withCoupon.texts['en-US'], coupon_note: '' } } };
    await owner.post('/popup/save', { enabled: true, double_opt_in: false, content: ownWords, conditions }, owner.token);
    await showCoupon('zh-CN', 'coupon-own@example.com', '10% off your first order');
  });

  it('answers a page of another origin with a CORS refusal', async () => {
    const ctx = await newContext(env.browser, { locale: 'en-US' });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.route('http://elsewhere.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title>' }));
    await page.goto('http://elsewhere.example/');
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'read';
      } catch (e) {
        return `refused: ${(e as Error).name}`;
      }
    }, `${env.app.baseUrl}/api/public/storefront/config?key=${publicKey}`);
    expect(outcome).toBe('refused: TypeError');
    // What the browser was told: 403 without an Access-Control-Allow-Origin for that origin.
    const res = await fetch(`${env.app.baseUrl}/api/public/storefront/config?key=${publicKey}`, { headers: { origin: 'http://elsewhere.example', 'accept-language': 'en-US' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await res.json()) as { msg: string }).msg).toBe(translateError('en-US', 'errors.storefront.origin'));
  });

  it('tells the owner of a page with a made-up key why nothing shows', async () => {
    const ctx = await newContext(env.browser, { locale: 'zh-CN' });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    await page.goto(`${shopOrigin}/?key=pk_${'0'.repeat(32)}`);
    await page.waitForSelector('script[data-storecast=error]', { state: 'attached' });
    await expect.poll(() => warnings).toContain(`storecast: ${translateError('zh-CN', 'errors.storefront.unknownKey')}`);
    expect(await popupCount(page)).toBe(0);
  });
});
