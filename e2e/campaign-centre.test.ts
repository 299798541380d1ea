import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Locale, translateError } from '@storecast/contract';
import { campaignDraws, campaignPrizes, outboxMessages, shops } from '@storecast/db';
import { POPUP_MESSAGES, pointedSegment } from '@storecast/popup-view';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose } from './pages/audience-pages.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { newContext, snap } from './support/browser.ts';
import { expectFits } from './support/fits-width.ts';
import { storeApi } from './support/ingest-store-data.ts';
import { openInApp } from './support/open-in-app.ts';
import { formatUi } from './support/format-ui-text.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The campaign centre and its lucky draw in the browser, once per language: an owner whose store
 * has the centre on builds a draw with prizes in /custom/strategy-edit (a spin wheel in one
 * language, a nine-grid in the other), saves and enables it from /custom; a shopper on the
 * store's own site (another origin) plays it where the page placed it, sees the prize the server
 * recorded and the board landing on it, and is refused a second play in the period, in the
 * shopper's language, and a winner with an address gets the prize by mail; a slot machine opens
 * over any page of the shop from a `?storecast_draw=` link. The owner then sees the draw counted,
 * blocks a product and makes a tracked link in the toolbox. The list, the editor and the toolbox
 * fit a desktop and a phone.
 */
const env = useAppAndBrowser();

interface Story {
  lang: Locale;
  form: 'spin_wheel' | 'nine_grid';
  /** E-mail once for the campaign's life; the visitor once a day (no field, the refusal under the form). */
  identity: 'email' | 'visitor';
  period: 'once' | 'day';
  name: string;
  /** The shop page's width: the wheel on a phone, the grid on a desktop. */
  shopWidth: number;
  /** The other campaign types this language's owner creates in the editor; both languages together create every type. */
  types: OfferType[];
}

type OfferType = 'discount' | 'full_gift' | 'full_reduction' | 'flash_sale' | 'promotion';
/** What the owner types into the first threshold of each type (its fields by test id). */
const TIERS: Record<OfferType, Record<string, string>> = {
  discount: { 'order-amount': '50', 'offer-value': '10' },
  full_gift: { 'order-amount': '80', 'gift-name': 'Tea cup', 'gift-price': '12', 'assigned-gift-price': '5' },
  full_reduction: { 'order-amount': '100', 'offer-amount': '15' },
  flash_sale: { 'order-amount': '30', 'offer-value': '20' },
  promotion: { 'order-amount': '60', 'offer-value': '5' },
};

const STORIES: Story[] = [
  { lang: 'zh-CN', form: 'spin_wheel', identity: 'email', period: 'once', name: '春茶幸运大转盘', shopWidth: 390, types: ['discount', 'full_gift', 'flash_sale'] },
  { lang: 'en-US', form: 'nine_grid', identity: 'visitor', period: 'day', name: 'Spring tea nine-grid', shopWidth: 1280, types: ['full_reduction', 'promotion'] },
];

/** The prizes as the owner types them; the server rolls one by these odds. */
const PRIZES = {
  coupon: { 'zh-CN': '九折优惠券', 'en-US': '10% off coupon', probability: 50 },
  none: { 'zh-CN': '谢谢参与', 'en-US': 'Better luck next time', probability: 20 },
  gift: { 'zh-CN': '春茶小样', 'en-US': 'Tea sample', probability: 30, stock: 5 },
};

let shopServer: Server;
let shopOrigin = '';
const contexts: BrowserContext[] = [];

/** The store's own page, on another origin: a placed draw and the script tag, in the page's language. */
function shopPage(url: URL): string {
  const lang = url.searchParams.get('lang') ?? 'en-US';
  const key = url.searchParams.get('key') ?? '';
  const draw = url.searchParams.get('draw');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Fixture tea shop</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:sans-serif;margin:0}main{padding:16px}</style>
<script src="${env.app.baseUrl}/storecast.js" data-key="${key}" async></script></head>
<body><main><h1>Spring tea</h1><p>Play for a prize before you shop.</p>${draw ? `<div data-storecast-draw="${draw}"></div>` : ''}</main></body></html>`;
}

/** The prize mails the outbox holds for `to`. */
const prizeMails = (to: string) => env.app.deps.dbh.db.select().from(outboxMessages)
  .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.channel, 'email')));

/** What of the placed draw (in its shadow root) reaches past the viewport's right edge. */
function drawPastEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = window.innerWidth + 1;
    const root = document.querySelector('storecast-draw')?.shadowRoot;
    if (!root) return ['no draw'];
    const found = [...root.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > edge && !el.closest('.hp'))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} to ${Math.round(el.getBoundingClientRect().right)} px`);
    if (document.documentElement.scrollWidth > edge) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return found;
  });
}

beforeAll(async () => {
  shopServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    // No icon, and no failed request for the console to report.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(url));
  });
  await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
  // A store's homepage may be `localhost` (not a bare IP); the fixture listens on loopback.
  shopOrigin = `http://localhost:${(shopServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await new Promise((resolve) => shopServer?.close(resolve));
});

describe.each(STORIES)('campaign centre in $lang', (story) => {
  const { lang } = story;
  const shots = `campaign-centre-${lang}`;
  const t = (key: string) => ui(lang, key);
  const shopper = POPUP_MESSAGES[lang];
  const consoleErrors: string[] = [];
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let publicKey = '';
  let ctx: BrowserContext;
  let admin: Page;
  let campaignId = '';
  let presetId = '';
  let shopName = '';
  let sendName = '';
  let wonPrize: typeof campaignPrizes.$inferSelect | undefined;

  const row = () => admin.locator(`[data-testid=campaign-row][data-id="${campaignId}"]`);
  const watchConsole = (page: Page) => page.on('console', (m) => {
    // The server's refusal of a second draw is an answer the script shows, not a fault.
    if (m.type() === 'error' && !/status of 409/.test(m.text())) consoleErrors.push(`${page.url()}: ${m.text()}`);
  });

  beforeAll(async () => {
    owner = await seedOwner(env.app, `Draw ${lang}`);
    // The store whose site the shopper visits; connecting it moves the session onto it.
    shopName = `Fixture tea shop ${lang}`;
    const { shop_id: shopId } = await owner.post('/shop/connect', {
      platform: 'custom', name: shopName, homepage_url: shopOrigin, currency: 'USD', timezone: 'Asia/Shanghai',
    }, owner.token) as { shop_id: string };
    // The centre is off by default; an operator turns it on for a store in the database.
    await env.app.deps.dbh.db.update(shops).set({ campaignStrategy: 1 }).where(eq(shops.id, shopId));
    ({ id: presetId } = await owner.post('/shop/presets-info', { code: 'TEA10', discount: 10, description: '10% off' }, owner.token) as { id: string });
    // The catalogue the toolbox blocks a product of, pushed as the store's own system does.
    const { token: apiToken } = await owner.post('/shop/api-token/create', { name: 'shop system' }, owner.token) as { token: string };
    await storeApi(env.app, apiToken).products(['oolong', 'sencha'].map((handle, i) => ({
      id: `sku-${handle}`, handle, title: `${handle} tea`, url: `${shopOrigin}/products/${handle}`, currency: 'USD', price: 1200 + i * 100, status: 'active' as const,
    })));
    // A Segment Send of the store's, which the owner names as promoting the draw.
    sendName = lang === 'zh-CN' ? '春茶上新邮件' : 'Spring tea letter';
    await owner.post('/strategy/save', { name: sendName, title: sendName, send_mode: 'draft', content: { version: 1, blocks: [{ type: 'footer', id: 'f', text: '', address: '' }] } }, owner.token);
    const res = await fetch(`${env.app.baseUrl}/api/shop/app-embed-block`, { headers: { authorization: `Bearer ${owner.token}` } });
    ({ public_key: publicKey } = ((await res.json()) as { data: { public_key: string } }).data);
    ctx = await newContext(env.browser, { locale: lang });
    contexts.push(ctx);
    await signInContext(ctx, owner.token, lang);
    admin = await ctx.newPage();
    watchConsole(admin);
  });

  it('shows the campaign centre in the menu, and builds a lucky draw with its prizes', async () => {
    await admin.goto(`${env.app.baseUrl}/custom`);
    await admin.getByTestId('menu-custom').waitFor();
    await admin.getByText(t('campaigns.title'), { exact: true }).first().waitFor();
    await admin.getByTestId('campaign-create').click();
    await admin.waitForURL((url) => url.pathname === '/custom/strategy-edit');
    await admin.getByTestId('campaign-edit-title').getByText(t('campaigns.edit.newTitle')).waitFor();

    await admin.getByTestId('campaign-name').fill(story.name);
    await admin.getByTestId('option-lucky_draw').click();
    await admin.getByTestId('draw-identity').waitFor();
    await admin.getByTestId(`option-${story.form}`).click();
    await admin.getByTestId(`option-${story.identity}`).click();
    await admin.getByTestId(`option-${story.period}`).click();

    // The editor starts with a coupon and a "no prize".
    await choose(admin, 'prize-0-coupon', 'TEA10 (10%)');
    await admin.getByTestId('prize-0-label-zh-CN').fill(PRIZES.coupon['zh-CN']);
    await admin.getByTestId('prize-0-label-en-US').fill(PRIZES.coupon['en-US']);
    await admin.getByTestId('prize-0-probability').fill(String(PRIZES.coupon.probability));
    await admin.getByTestId('prize-1-label-zh-CN').fill(PRIZES.none['zh-CN']);
    await admin.getByTestId('prize-1-label-en-US').fill(PRIZES.none['en-US']);
    await admin.getByTestId('prize-1-probability').fill(String(PRIZES.none.probability));
    // 70 % in all: the save is refused under the prizes, in the admin's language, before any request.
    await admin.getByTestId('prize-total').getByText(formatUi(lang, 'campaigns.edit.probabilityTotal', { total: 70 })).waitFor();
    await admin.getByTestId('campaign-save').click();
    await admin.getByText(translateError(lang, 'errors.campaign.probabilitySum'), { exact: true }).waitFor();

    await admin.getByTestId('prize-add').click();
    await choose(admin, 'prize-2-kind', t('campaigns.edit.prizeKinds.gift'));
    await admin.getByTestId('prize-2-label-zh-CN').fill(PRIZES.gift['zh-CN']);
    await admin.getByTestId('prize-2-label-en-US').fill(PRIZES.gift['en-US']);
    await admin.getByTestId('prize-2-probability').fill(String(PRIZES.gift.probability));
    await admin.getByTestId('prize-2-stock').fill(String(PRIZES.gift.stock));
    await admin.getByTestId('prize-total').getByText(formatUi(lang, 'campaigns.edit.probabilityTotal', { total: 100 })).waitFor();

    const saved = await awaitApiCall(admin, '/campaign/save', () => admin.getByTestId('campaign-save').click());
    expect(saved.code, saved.msg).toBe(100);
    const campaign = (saved.data as { campaign: { id: string; status: string; form: string; draw: { prizes: { kind: string }[] } } }).campaign;
    expect(campaign).toMatchObject({ status: 'draft', form: story.form });
    expect(campaign.draw.prizes.map((p) => p.kind)).toEqual(['coupon', 'none', 'gift']);
    campaignId = campaign.id;
    await admin.getByText(t('campaigns.edit.saved'), { exact: true }).waitFor();
    await admin.waitForURL((url) => url.pathname === '/custom');
  });

  it('enables the draw from the list, which shows its type and state', async () => {
    await row().locator('[data-testid=campaign-status][data-status=draft]').waitFor();
    expect(await row().getByTestId('campaign-row-name').textContent()).toBe(story.name);
    await row().getByText(`${t('campaigns.types.lucky_draw')} · ${t(`campaigns.forms.${story.form}`)}`, { exact: true }).waitFor();
    const enabled = await awaitApiCall(admin, '/campaign/enable', () => row().getByTestId('campaign-enable').click());
    expect(enabled.code, enabled.msg).toBe(100);
    const tag = row().locator('[data-testid=campaign-status][data-status=enabled]');
    await tag.waitFor();
    expect(await tag.textContent()).toBe(t('campaigns.status.enabled'));
    await admin.getByText(t('campaigns.done.enable'), { exact: true }).waitFor();
    // An enabled campaign is no longer offered "enable", and still "edit".
    expect(await row().getByTestId('campaign-enable').count()).toBe(0);
    await row().getByTestId('campaign-edit').waitFor();
  });

  it('lets a shopper on the store\'s own site play once and shows the prize the server chose', async () => {
    const shop = await ctx.newPage();
    watchConsole(shop);
    await shop.setViewportSize({ width: story.shopWidth, height: 844 });
    await shop.goto(`${shopOrigin}/?${new URLSearchParams({ lang, key: publicKey, draw: campaignId })}`);
    const draw = shop.locator('[data-storecast-draw] storecast-draw').getByRole('region', { name: story.name });
    await draw.waitFor();
    const play = draw.getByRole('button', { name: shopper.drawPlay, exact: true });
    const email = `${lang.toLowerCase()}-shopper@example.com`;
    if (story.identity === 'email') {
      // The script's own check first, then the address.
      await play.click();
      await draw.getByText(shopper.emailRequired, { exact: true }).waitFor();
      await draw.getByLabel(shopper.emailLabel).fill(email);
    } else {
      expect(await draw.locator('input[type=email], input[type=tel]').count()).toBe(0);
    }
    // The prizes are named in the shopper's language on the board.
    const labels = await (story.form === 'spin_wheel' ? draw.locator('.seg') : draw.locator('.cell')).allTextContents();
    expect(new Set(labels)).toEqual(new Set([PRIZES.coupon[lang], PRIZES.none[lang], PRIZES.gift[lang]]));
    await play.click();
    const headline = draw.locator('.result .headline');
    await headline.waitFor();

    // The draw the server recorded, and the prize it took.
    const db = env.app.deps.dbh.db;
    const drawn = await db.select().from(campaignDraws).where(eq(campaignDraws.campaignId, campaignId));
    expect(drawn).toHaveLength(1);
    const visitorId = await shop.evaluate(() => localStorage.getItem('storecast.visitor'));
    expect(drawn[0]).toMatchObject({ visitorId, email: story.identity === 'email' ? email : null });
    [wonPrize] = await db.select().from(campaignPrizes).where(eq(campaignPrizes.id, drawn[0]!.prizeId!));
    const label = wonPrize!.label[lang]!;
    expect(drawn[0]!.prizeKind).toBe(wonPrize!.kind);
    expect(await headline.textContent()).toBe(wonPrize!.kind === 'none' ? shopper.drawNone : shopper.drawWon.replace('{prize}', label));
    if (wonPrize!.kind === 'none') await draw.locator('.result').getByText(label, { exact: true }).waitFor();
    if (wonPrize!.kind === 'coupon') await draw.locator('.result code').getByText('TEA10', { exact: true }).waitFor();
    // A winner who gave an address gets the prize by mail, in the shopper's language.
    if (story.identity === 'email' && wonPrize!.kind !== 'none') {
      await expect.poll(async () => (await prizeMails(email)).map((m) => m.subject))
        .toEqual([translateError(lang, 'notices.campaign.prizeSubject', { store: shopName, prize: label })]);
    }

    // The board stands on that prize: the wheel's segment under the pointer, the grid's lit cell.
    if (story.form === 'spin_wheel') {
      const turned = await draw.locator('.disc').evaluate((el) => (el as HTMLElement).style.transform);
      const degrees = Number(/rotate\((-?[\d.]+)deg\)/.exec(turned)?.[1]);
      expect(labels[pointedSegment(degrees, labels.length)]).toBe(label);
    } else {
      expect(await draw.locator('.cell[aria-current=true]').textContent()).toBe(label);
    }
    // One play a period: the button stays off after the result.
    expect(await play.isDisabled()).toBe(true);
    expect(await drawPastEdge(shop), `the draw at ${story.shopWidth} px`).toEqual([]);
    await snap(shop, shots, `shop-draw-result-${story.shopWidth}`);

    // Back on the page later in the period, the same shopper is refused, in the shopper's language.
    await shop.reload();
    await draw.waitFor();
    if (story.identity === 'email') await draw.getByLabel(shopper.emailLabel).fill(email);
    const refused = await awaitApiCall(shop, '/public/campaign/draw', () => play.click());
    expect(refused.code).not.toBe(100);
    await draw.getByText(translateError(lang, 'errors.campaign.alreadyDrawn'), { exact: true }).waitFor();
    expect(await draw.locator('.result .headline').count()).toBe(0);
    expect(await db.select().from(campaignDraws).where(eq(campaignDraws.campaignId, campaignId))).toHaveLength(1);
    await snap(shop, shots, `shop-draw-refused-${story.shopWidth}`);
    await shop.close();
  });

  it('opens a slot machine over the page from a link, lands the reels on the prize and mails it', async () => {
    const prize = { 'zh-CN': '九折券', 'en-US': '10% off' };
    const { campaign } = await owner.post('/campaign/save', { campaign: {
      name: `${story.name} · slots`, type: 'lucky_draw', form: 'slot_machine',
      draw: { identity: 'email', period: 'once', prizes: [
        { kind: 'coupon', label: prize, probability: 100, stock: 10, coupon_preset_id: presetId },
        { kind: 'none', label: { 'zh-CN': '谢谢', 'en-US': 'Thanks' }, probability: 0 },
      ] },
    } }, owner.token) as unknown as { campaign: { id: string; name: string } };
    await owner.post('/campaign/enable', { id: campaign.id }, owner.token);
    const shop = await ctx.newPage();
    watchConsole(shop);
    await shop.setViewportSize({ width: story.shopWidth, height: 844 });
    // A link to any page of the shop, as a send or a post carries it; the page places no draw.
    await shop.goto(`${shopOrigin}/products/oolong?${new URLSearchParams({ lang, key: publicKey, storecast_draw: campaign.id })}`);
    const dialog = shop.locator('storecast-draw').getByRole('dialog', { name: campaign.name });
    await dialog.waitFor();
    const email = `${lang.toLowerCase()}-slots@example.com`;
    await dialog.getByLabel(shopper.emailLabel).fill(email);
    await dialog.getByRole('button', { name: shopper.drawPlay, exact: true }).click();
    await dialog.locator('.result .headline').getByText(shopper.drawWon.replace('{prize}', prize[lang]), { exact: true }).waitFor();
    await dialog.locator('.result code').getByText('TEA10', { exact: true }).waitFor();
    // Each reel shows the prize in its window once the result is out.
    const shown = await dialog.locator('.reel').evaluateAll((reels) => reels.map((reel) => {
      const middle = reel.getBoundingClientRect().top + reel.getBoundingClientRect().height / 2;
      const item = [...reel.querySelectorAll('.item')].find((el) => el.getBoundingClientRect().top <= middle && el.getBoundingClientRect().bottom > middle);
      return item?.textContent ?? '';
    }));
    expect(shown).toEqual([prize[lang], prize[lang], prize[lang]]);
    expect(await drawPastEdge(shop), `the slot machine at ${story.shopWidth} px`).toEqual([]);
    await snap(shop, shots, `shop-slots-result-${story.shopWidth}`);
    await expect.poll(async () => (await prizeMails(email)).map((m) => m.subject))
      .toEqual([translateError(lang, 'notices.campaign.prizeSubject', { store: shopName, prize: prize[lang] })]);
    const [mail] = await prizeMails(email);
    expect(mail!.body).toContain('TEA10');
    expect(mail!.body).toContain(`href="${shopOrigin}/"`);
    // Escape closes the draw and gives the page back.
    await shop.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await shop.close();
  });

  it('counts the draw for the owner, and the editor and the list fit a desktop and a phone', async () => {
    await openInApp(admin, `/custom/strategy-edit?id=${campaignId}`);
    await admin.getByTestId('campaign-edit-title').getByText(story.name, { exact: true }).waitFor();
    await admin.getByTestId('prize-2-label-en-US').waitFor();
    if (wonPrize && wonPrize.kind !== 'none') {
      const stock = wonPrize.kind === 'gift' ? PRIZES.gift.stock : 100;
      await admin.getByText(formatUi(lang, 'campaigns.edit.won', { won: 1, left: stock - 1 }), { exact: true }).waitFor();
    }
    // The editor's second half: the store's Segment Send promotes the draw.
    const picker = admin.getByTestId('campaign-promoters-picker');
    await picker.click();
    await picker.locator('input').fill(sendName);
    await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(sendName, { exact: true }).click();
    await admin.keyboard.press('Escape');
    const promoted = await awaitApiCall(admin, '/campaign/promoters', () => admin.getByTestId('campaign-promoters-save').click());
    expect([promoted.code, (promoted.data as { name: string }[]).map((u) => u.name)]).toEqual([100, [sendName]]);
    await expectFits(admin, { shots, name: 'editor', root: 'main' });

    await openInApp(admin, '/custom');
    await row().locator('[data-testid=campaign-status][data-status=enabled]').waitFor();
    // The draws column (the fifth) counts the shopper's one play.
    await expect.poll(() => row().locator('td').nth(4).textContent()).toBe('1');
    await expectFits(admin, { shots, name: 'list', root: 'main' });

    // The report counts the play, and the shopper's two visits to the page that showed the draw.
    await row().getByTestId('campaign-report-link').click();
    await admin.waitForURL((url) => url.pathname === '/custom/strategy-report');
    await admin.getByTestId('campaign-report').waitFor();
    await expect.poll(() => admin.getByTestId('report-kpi-draws').textContent()).toContain('1');
    expect(await admin.getByTestId('report-kpi-views').textContent()).toContain('2');
    expect(await admin.getByTestId('report-prize-row').count()).toBe(3);
    await admin.locator('[data-testid=campaign-report-chart][data-drawn=true]').waitFor();
    await expectFits(admin, { shots, name: 'report', root: 'main' });

    // The goal: ten draws, of which the shopper's one is reached.
    await openInApp(admin, `/custom/aim?id=${campaignId}`);
    await admin.getByTestId('campaign-aim').waitFor();
    await admin.getByTestId('aim-draws').click();
    await admin.getByTestId('campaign-aim-target').fill('10');
    const aimed = await awaitApiCall(admin, '/campaign/aim', () => admin.getByTestId('campaign-aim-save').click());
    expect([aimed.code, (aimed.data as { goal: unknown }).goal]).toEqual([100, { metric: 'draws', target: 10 }]);
    const reached = formatUi(lang, 'campaigns.aim.reached', { metric: t('campaigns.aim.metrics.draws'), reached: '1', target: '10' });
    await admin.getByTestId('campaign-aim-progress').getByText(reached, { exact: true }).waitFor();
    await expectFits(admin, { shots, name: 'aim', root: 'main' });
    expect(consoleErrors).toEqual([]);
  });

  it('closes the draw after saying which send promotes it', async () => {
    await openInApp(admin, '/custom');
    await row().getByTestId('campaign-close').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByTestId('campaign-usage-item').getByText(`${t('campaigns.confirm.strategy')}: ${sendName}`, { exact: true }).waitFor();
    await snap(admin, shots, 'close-confirm');
    const closed = await awaitApiCall(admin, '/campaign/close', () => confirm.getByTestId('campaign-confirm-ok').click());
    expect([closed.code, (closed.data as { affected: { name: string }[] }).affected.map((u) => u.name)]).toEqual([100, [sendName]]);
    await row().locator('[data-testid=campaign-status][data-status=closed]').waitFor();
    // A closed draw is no longer shown to shoppers.
    const info = await fetch(`${env.app.baseUrl}/api/public/campaign/draw-info?${new URLSearchParams({ key: publicKey, campaign_id: campaignId, language: lang })}`, { headers: { origin: shopOrigin } });
    expect(info.status).toBe(404);
  });
  it('blocks a product and makes a tracked link with its QR code in the toolbox', async () => {
    await openInApp(admin, '/custom?tab=toolbox');
    await admin.getByTestId('blocked-products').waitFor();
    await admin.getByTestId('blocked-add').click();
    const dialog = admin.locator('.ant-modal').filter({ has: admin.getByTestId('blocked-picker') });
    await admin.getByTestId('blocked-picker').click();
    await dialog.locator('.ant-select input').fill('oolong');
    await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').getByText('oolong tea (sku-oolong)', { exact: true }).click();
    // The picker keeps its list open for more picks; a click on the dialog's title closes it.
    await dialog.locator('.ant-modal-title').click();
    await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    const blocked = await awaitApiCall(admin, '/product/block', () => admin.getByTestId('blocked-add-ok').click());
    expect(blocked.code, blocked.msg).toBe(100);
    await admin.locator('[data-testid=blocked-row][data-product-id=sku-oolong]').getByTestId('blocked-row-title').getByText('oolong tea').waitFor();
    expect(await admin.getByTestId('blocked-row').count()).toBe(1);
    await expectFits(admin, { shots, name: 'toolbox-blocked', root: 'main' });

    await admin.getByTestId('toolbox-links').click();
    await admin.waitForURL((url) => url.searchParams.get('tool') === 'links');
    await admin.getByTestId('link-destination').fill(`${shopOrigin}/products/sencha`);
    await admin.getByTestId('link-utm_source').fill('newsletter');
    await admin.getByTestId('link-utm_medium').fill('email');
    await admin.getByTestId('link-utm_campaign').fill('spring-tea');
    const made = await awaitApiCall(admin, '/campaign/link-create', () => admin.getByTestId('link-generate').click());
    expect(made.code, made.msg).toBe(100);
    const short = (await admin.getByTestId('link-short').textContent())!;
    expect(short).toMatch(/\/api\/public\/l\/[A-Za-z0-9]{8}$/);
    expect(await admin.getByTestId('link-full').textContent()).toBe(`${shopOrigin}/products/sencha?utm_source=newsletter&utm_medium=email&utm_campaign=spring-tea`);
    await admin.getByTestId('link-qr-svg').waitFor();
    await admin.locator('[data-testid=link-row] [data-testid=link-row-short]').getByText(short, { exact: true }).waitFor();
    // The short link sends a visitor to the full one (asked of this app: the link names the product's public address).
    const followed = await fetch(new URL(new URL(short).pathname, env.app.baseUrl), { redirect: 'manual' });
    expect([followed.status, followed.headers.get('location')]).toEqual([302, `${shopOrigin}/products/sencha?utm_source=newsletter&utm_medium=email&utm_campaign=spring-tea`]);
    await expectFits(admin, { shots, name: 'toolbox-links', root: 'main' });
  });
  it('creates the other campaign types, changes an enabled one in place and as new, and archives and restores it', async () => {
    const ids: string[] = [];
    for (const type of story.types) {
      await openInApp(admin, '/custom/strategy-edit');
      await admin.getByTestId('campaign-edit-title').getByText(t('campaigns.edit.newTitle')).waitFor();
      await admin.getByTestId('campaign-name').fill(`${story.name} · ${type}`);
      await admin.getByTestId(`option-${type}`).click();
      if (type === 'full_gift') await admin.getByTestId('option-fixed').click();
      for (const [field, value] of Object.entries(TIERS[type])) await admin.getByTestId(`tier-0-${field}`).fill(value);
      if (type === 'flash_sale') {
        for (const [picker, at] of [['campaign-starts', '2030-12-20 10:00'], ['campaign-ends', '2030-12-31 22:00']] as const) {
          await admin.getByTestId(picker).click();
          await admin.getByTestId(picker).fill(at);
          await admin.getByTestId(picker).press('Enter');
        }
      }
      const saved = await awaitApiCall(admin, '/campaign/save', () => admin.getByTestId('campaign-save').click());
      expect(saved.code, saved.msg).toBe(100);
      const campaign = (saved.data as { campaign: { id: string; type: string; status: string; starts_at: string | null } }).campaign;
      expect([campaign.type, campaign.status, campaign.starts_at !== null]).toEqual([type, 'draft', type === 'flash_sale']);
      ids.push(campaign.id);
      await admin.waitForURL((url) => url.pathname === '/custom');
    }

    // The first one, enabled, then changed: in place, then as a new draft beside it.
    const first = ids[0]!;
    const firstRow = () => admin.locator(`[data-testid=campaign-row][data-id="${first}"]`);
    await awaitApiCall(admin, '/campaign/enable', () => firstRow().getByTestId('campaign-enable').click());
    await firstRow().locator('[data-testid=campaign-status][data-status=enabled]').waitFor();
    const change = async (name: string, choice: 'save-mode-update' | 'save-mode-new') => {
      await firstRow().getByTestId('campaign-edit').click();
      await admin.getByTestId('campaign-edit-title').getByText(`${story.name} · `, { exact: false }).waitFor();
      await admin.getByTestId('campaign-name').fill(name);
      await admin.getByTestId('campaign-save').click();
      await admin.getByTestId('save-mode-body').waitFor();
      const saved = await awaitApiCall(admin, '/campaign/save', () => admin.getByTestId(choice).click());
      expect(saved.code, saved.msg).toBe(100);
      await admin.waitForURL((url) => url.pathname === '/custom');
      return (saved.data as { campaign: { id: string; name: string; status: string } }).campaign;
    };
    expect(await change(`${story.name} · updated`, 'save-mode-update')).toMatchObject({ id: first, status: 'enabled' });
    await expect.poll(() => firstRow().getByTestId('campaign-row-name').textContent()).toBe(`${story.name} · updated`);
    const copy = await change(`${story.name} · copy`, 'save-mode-new');
    expect(copy).toMatchObject({ status: 'draft', name: `${story.name} · copy` });
    expect(copy.id).not.toBe(first);
    await admin.locator(`[data-testid=campaign-row][data-id="${copy.id}"]`).waitFor();
    expect(await firstRow().getByTestId('campaign-row-name').textContent()).toBe(`${story.name} · updated`);

    // Archived after a confirm, then restored as a draft.
    await firstRow().getByTestId('campaign-archive').click();
    await awaitApiCall(admin, '/campaign/archive', () => admin.locator('.ant-modal-confirm').getByTestId('campaign-confirm-ok').click());
    await firstRow().locator('[data-testid=campaign-status][data-status=archived]').waitFor();
    await awaitApiCall(admin, '/campaign/restore', () => firstRow().getByTestId('campaign-restore').click());
    await firstRow().locator('[data-testid=campaign-status][data-status=draft]').waitFor();
    await snap(admin, shots, 'campaign-types');
  });
});
