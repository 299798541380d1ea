import { translateError, type FlowDetail, type FlowSummary, type Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitApiCall } from './support/await-api-call.ts';
import { awaitSettled } from './support/await-settled.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

/**
 * The flow editor in the browser, once per language: open the abandoned-cart flow, add a wait
 * and an SMS (with the contract's message for a bad wait and the live SMS segment counter), edit
 * an e-mail's subject and a text block in the block editor, be asked before leaving unsaved,
 * save, publish, reload and find every change; the page fits at 1366 and 390 px. zh-CN runs on
 * the embedded PGlite, en-US on PostgreSQL.
 */
const env = {} as { app: RunningApp; browser: Browser };
beforeAll(async () => {
  env.browser = await launchBrowser();
});
afterAll(async () => {
  await env.browser?.close();
});

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('the flow editor in %s on %s', (lang, database) => {
  const err = (key: string) => translateError(lang, key);
  const text = (s: string) => page.getByText(s, { exact: false }).first();
  const shots = `flow-editor-${lang}`;
  const subject = lang === 'zh-CN' ? '您的购物车还在等您' : 'Your cart is waiting';
  const smsText = lang === 'zh-CN' ? '您的购物车还在等您，回复退订即可退订' : 'Your cart is waiting for you. Reply STOP to opt out';
  const blockHtml = `<p>Edited in ${lang}</p>`;
  let page: Page;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let flow: FlowSummary;

  const readFlow = async (): Promise<FlowDetail> => {
    const res = await fetch(`${env.app.baseUrl}/api/automation/flow?id=${flow.id}`, { headers: { authorization: `Bearer ${owner.token}` } });
    return ((await res.json()) as { data: FlowDetail }).data;
  };
  /** The keys of the steps on the top level of the timeline, in order. */
  const topKeys = () => page.getByTestId('step-list-top').locator(':scope > [data-type]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')!.slice('step-'.length)));
  const card = (key: string) => page.getByTestId(`step-${key}`);

  beforeAll(async () => {
    env.app = await startApp({}, { database });
    owner = await seedOwner(env.app, `Flow editor ${lang}`);
    // The first read creates the flows, written in the store's language.
    const res = await fetch(`${env.app.baseUrl}/api/automation/flows`, { headers: { authorization: `Bearer ${owner.token}`, 'accept-language': lang } });
    const flows = ((await res.json()) as { data: { flows: FlowSummary[] } }).data.flows;
    flow = flows.find((f) => f.kind === 'abandoned-cart')!;
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await env.app?.close();
  });

  it("opens a flow's steps: wait, e-mail, wait, split opened with an SMS on no", async () => {
    await page.goto(`${env.app.baseUrl}/automation/strategy-edit?id=${flow.id}`);
    await page.getByTestId('flow-editor').waitFor();
    expect(await page.getByTestId('flow-title').textContent()).toBe(ui(lang, 'flowEditor.kinds.abandoned-cart'));
    const types = await page.getByTestId('step-list-top').locator(':scope > [data-type]').evaluateAll((c) => c.map((e) => e.getAttribute('data-type')));
    expect(types).toEqual(['wait', 'email', 'wait', 'split']);
    const split = (await topKeys())[3]!;
    expect(await page.getByTestId(`step-list-${split}-no`).locator(':scope > [data-type]').getAttribute('data-type')).toBe('sms');
    expect(await page.getByTestId('save-state').getAttribute('data-dirty')).toBe('false');
  });

  it("adds a wait and an SMS at the end, with the contract's message and the SMS counter", async () => {
    const before = await topKeys();
    await page.getByTestId(`step-add-after-${before.at(-1)}`).click();
    await page.getByTestId(`step-add-after-${before.at(-1)}-types`).getByTestId('add-wait').click();
    const wait = (await topKeys()).at(-1)!;
    expect(await card(wait).getAttribute('data-type')).toBe('wait');
    // 0 is refused with the sentence the server would say, in the page's language.
    await card(wait).getByTestId('wait-amount').fill('0');
    await card(wait).getByText(err('errors.automation.waitInvalid')).waitFor();
    await card(wait).getByTestId('wait-amount').fill('2');
    await card(wait).getByText(err('errors.automation.waitInvalid')).waitFor({ state: 'detached' });
    await card(wait).getByTestId('wait-unit').click();
    const days = ui(lang, 'flowEditor.wait.units.days');
    await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${days}"]`).click();
    await expect.poll(() => card(wait).getByTestId('wait-unit').textContent()).toContain(days);

    await page.getByTestId(`step-add-after-${wait}`).click();
    await page.getByTestId(`step-add-after-${wait}-types`).getByTestId('add-sms').click();
    const sms = (await topKeys()).at(-1)!;
    // "Write it for me" (the built-in writer, no AI configured) fills the text; then the owner's own words.
    await card(sms).getByTestId(`write-${sms}`).click();
    const write = page.getByTestId(`write-${sms}-write`);
    await awaitSettled(write);
    await write.click();
    await expect.poll(() => card(sms).getByTestId('sms-text').inputValue(), { timeout: 10_000 }).not.toBe('');
    await card(sms).getByTestId('sms-text').fill(smsText);
    const counter = card(sms).getByTestId('sms-counter');
    expect(await counter.getAttribute('data-encoding')).toBe(lang === 'zh-CN' ? 'UCS-2' : 'GSM-7');
    expect(await counter.getAttribute('data-segments')).toBe('1');
    await card(sms).getByText(ui(lang, 'flowEditor.sms.stop')).waitFor();
    expect(await page.getByTestId('save-state').getAttribute('data-dirty')).toBe('true');
  });

  it("edits an e-mail's subject and a text block in the block editor", async () => {
    const email = (await topKeys())[1]!;
    await card(email).getByTestId('email-subject').fill(subject);
    await card(email).getByTestId('email-edit-content').click();
    const drawer = page.getByTestId('email-content-drawer');
    await awaitSettled(drawer);
    await drawer.locator('[data-type="text"]').first().click();
    await drawer.getByTestId('block-html').fill(blockHtml);
    // The server renders the edited e-mail.
    await drawer.getByTestId('preview-frame-desktop').waitFor({ timeout: 20_000 });
    await snap(page, shots, '02-email-content');
    await drawer.getByTestId('email-content-done').click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByTestId('edit-close').click();
    const stay = page.getByTestId('leave-stay');
    await awaitSettled(page.getByRole('dialog').filter({ hasText: ui(lang, 'flowEditor.leave.title') }));
    await stay.click();
    expect(page.url()).toContain('/automation/strategy-edit');
    await snap(page, shots, '03-edited');
  });

  it('saves, publishes, and a reload shows every change', async () => {
    const saved = await awaitApiCall(page, '/automation/save-flow', () => page.getByTestId('flow-save').click());
    expect(saved.code).toBe(100);
    await expect.poll(() => page.getByTestId('save-state').getAttribute('data-dirty')).toBe('false');

    const version = (await readFlow()).version;
    await page.getByTestId('flow-publish').click();
    await awaitSettled(page.getByRole('dialog').filter({ hasText: ui(lang, 'flowEditor.publishTitle') }));
    await text(ui(lang, 'flowEditor.publishBody')).waitFor();
    // The notice lasts a few seconds: it is watched for from before the click, not looked for after.
    const notice = text(ui(lang, 'notices.automation.published')).waitFor();
    const published = await awaitApiCall(page, '/automation/publish-flow', () => page.getByTestId('publish-confirm').click());
    expect(published.code).toBe(100);
    await notice;
    await expect.poll(() => page.getByTestId('flow-version').textContent()).toContain(String(version + 1));

    await page.reload();
    await page.getByTestId('flow-editor').waitFor();
    const keys = await topKeys();
    expect(keys).toHaveLength(6);
    const [email, wait, sms] = [keys[1]!, keys[4]!, keys[5]!];
    expect(await card(email).getByTestId('email-subject').inputValue()).toBe(subject);
    expect(await card(wait).getByTestId('wait-amount').inputValue()).toBe('2');
    expect(await card(wait).getByTestId('wait-unit').textContent()).toContain(ui(lang, 'flowEditor.wait.units.days'));
    expect(await card(sms).getByTestId('sms-text').inputValue()).toBe(smsText);
    await card(email).getByTestId('email-edit-content').click();
    const drawer = page.getByTestId('email-content-drawer');
    await awaitSettled(drawer);
    await drawer.locator('[data-type="text"]').first().click();
    expect(await drawer.getByTestId('block-html').inputValue()).toBe(blockHtml);
    await drawer.getByTestId('email-content-done').click();
    await drawer.waitFor({ state: 'detached' });

    // The server keeps what the page showed: the live version is the edited one.
    const stored = await readFlow();
    expect(stored.version).toBe(version + 1);
    expect(stored.unpublished).toBe(false);
    expect(stored.draft.steps.at(-1)).toMatchObject({ type: 'sms', text: smsText });
  });

  it.each([1366, 390])('fits at %i px', async (width) => {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await page.getByTestId('flow-editor').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    await snap(page, shots, `10-${width}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
