import type { EmailDoc, Locale } from '@storecast/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { buttonName, confirmDialog } from './support/confirm-dialog.ts';
import { formatUi } from './support/format-ui-text.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * The actions of the Segment Send list (SPEC section 4) in the browser: a scheduled send is
 * terminated, saved as a template (which then shows in the content library and in the wizard's
 * template step) and deleted, each through its confirmation dialog. zh-CN runs on PGlite and
 * en-US on PostgreSQL. No worker runs, so the scheduled send stays "to be sent" until the test
 * acts on it.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The e-mail of the scheduled send; its phrase shows the template carried this content. */
const phrase = 'Autumn tea tasting this Saturday';
const DOC: EmailDoc = {
  version: 1,
  blocks: [
    { type: 'text', id: 't1', align: 'left', html: `<p>Hi {{first_name|there}}, ${phrase}.</p>` },
    { type: 'button', id: 'b1', text: 'Book a seat', href: 'https://shop.example.com/tasting', align: 'center' },
    { type: 'footer', id: 'f1', text: '', address: '1 Tea Street' },
  ],
};

describe.each<[Locale, 'pglite' | 'postgres']>([['zh-CN', 'pglite'], ['en-US', 'postgres']])('strategy actions in %s on %s', (lang, database) => {
  const name = `Autumn tasting ${lang}`;
  const draftName = `Blank draft ${lang}`;
  const templateName = `Tasting template ${lang}`;
  let app: RunningApp;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let page: Page;
  let scheduledId: string;
  let draftId: string;

  const row = (id: string) => page.locator(`[data-testid="send-row"][data-id="${id}"]`);
  const statusOf = (id: string) => row(id).getByTestId('send-status');
  const toast = (key: string) => page.locator('.ant-message').getByText(ui(lang, key), { exact: true });
  const openList = async () => {
    await page.goto(`${app.baseUrl}/tags`);
    await page.getByTestId('send-new').waitFor();
    await row(draftId).waitFor();
  };

  beforeAll(async () => {
    app = await startApp({}, { database });
    owner = await seedOwner(app, `Actions ${lang}`);
    await seedVerifiedSender(app.deps.dbh, owner.shopId);
    await owner.post('/subscriber/save', { email: `cy-${lang.toLowerCase()}@example.net`, first_name: 'Cy' }, owner.token);
    const scheduled = await owner.post('/strategy/save', {
      name, title: 'Autumn tasting', segment_ids: ['system:neverPurchased'], content: DOC,
      send_mode: 'later', send_at: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    }, owner.token);
    expect(scheduled.status).toBe('pending');
    scheduledId = scheduled.id!;
    draftId = (await owner.post('/strategy/save', { name: draftName, send_mode: 'draft' }, owner.token)).id!;
    const ctx = await newContext(browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await app?.close();
  });

  it('lists the scheduled send as to be sent, with terminate offered only there', async () => {
    await openList();
    await row(scheduledId).getByTestId('send-row-name').getByText(name, { exact: true }).waitFor();
    expect(await statusOf(scheduledId).getAttribute('data-status')).toBe('pending');
    expect(await statusOf(scheduledId).textContent()).toBe(ui(lang, 'segmentSend.status.pending'));
    expect(await statusOf(draftId).textContent()).toBe(ui(lang, 'segmentSend.status.draft'));
    expect(await row(scheduledId).getByTestId('send-terminate').textContent()).toMatch(buttonName(ui(lang, 'segmentSend.actions.terminate')));
    expect(await row(draftId).getByTestId('send-terminate').count()).toBe(0);
    await snap(page, lang, 'strategy-actions-01-list');
  });

  it('terminates it from the list after the confirmation, and a cancel changes nothing', async () => {
    const { dialog, ok, cancel, settled } = confirmDialog(page, lang, formatUi(lang, 'segmentSend.terminateConfirm', { name }));
    await row(scheduledId).getByTestId('send-terminate').click();
    await settled();
    await cancel.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf(scheduledId).getAttribute('data-status')).toBe('pending');

    await row(scheduledId).getByTestId('send-terminate').click();
    await settled();
    await snap(page, lang, 'strategy-actions-02-terminate-confirm');
    const reply = await awaitApiCall(page, '/strategy/terminate', () => ok.click());
    expect(reply.code, reply.msg).toBe(100);
    await dialog.waitFor({ state: 'hidden' });
    await toast('segmentSend.terminated').waitFor();
    await expect.poll(() => statusOf(scheduledId).getAttribute('data-status')).toBe('terminated');
    expect(await statusOf(scheduledId).textContent()).toBe(ui(lang, 'segmentSend.status.terminated'));
    expect(await row(scheduledId).getByTestId('send-terminate').count()).toBe(0);

    // Kept by the server, not only by the list's cache.
    await openList();
    await row(scheduledId).waitFor();
    expect(await statusOf(scheduledId).getAttribute('data-status')).toBe('terminated');
    expect(await statusOf(scheduledId).textContent()).toBe(ui(lang, 'segmentSend.status.terminated'));
    await snap(page, lang, 'strategy-actions-03-terminated');
  });

  it('saves it as a template under a chosen name', async () => {
    const { dialog, ok, settled } = confirmDialog(page, lang, ui(lang, 'segmentSend.actions.saveAsTemplate'));
    await row(scheduledId).getByTestId('send-save-template').click();
    await settled();
    const input = dialog.getByTestId('send-template-name');
    expect(await input.inputValue()).toBe(name);
    expect(await input.getAttribute('aria-label')).toBe(ui(lang, 'segmentSend.templateName'));
    await input.fill(templateName);
    const reply = await awaitApiCall(page, '/strategy/save-as-template', () => ok.click());
    expect(reply.code, reply.msg).toBe(100);
    await dialog.waitFor({ state: 'hidden' });
    await toast('segmentSend.templateSaved').waitFor();
  });

  it('shows the template in the content library', async () => {
    await page.goto(`${app.baseUrl}/store/brand-assets`);
    const library = page.getByTestId('brand-library-card');
    await library.waitFor();
    const tab = library.getByRole('tab', { name: ui(lang, 'brand.library.templates'), exact: true });
    await tab.click();
    // The ink bar slides under the chosen tab; let it arrive so the screenshot shows which is open.
    const inkOffset = async () => Math.abs((await library.locator('.ant-tabs-ink-bar').boundingBox())!.x - (await tab.boundingBox())!.x);
    await expect.poll(inkOffset).toBeLessThan(2);
    const template = library.getByTestId('library-template-row').filter({ hasText: templateName });
    await template.waitFor();
    // Name, block count (text, button, footer), updated at.
    expect(await template.locator('td').nth(0).textContent()).toBe(templateName);
    expect(await template.locator('td').nth(1).textContent()).toBe(String(DOC.blocks.length));
    await snap(page, lang, 'strategy-actions-04-library');
  });

  it('offers the template in the wizard, and choosing it brings the content', async () => {
    await page.goto(`${app.baseUrl}/tags/template?id=${draftId}`);
    await page.getByText(ui(lang, 'segmentSend.template.library'), { exact: true }).waitFor();
    const card = page.locator('[data-testid^="template-library-"]').filter({ hasText: templateName });
    await card.waitFor();
    const blockNames = DOC.blocks.map((b) => ui(lang, `emailEditor.block.${b.type}`)).join(' · ');
    expect(await card.textContent()).toContain(blockNames);
    await card.click();
    await expect.poll(() => card.getAttribute('data-selected')).toBe('true');
    await snap(page, lang, 'strategy-actions-05-template-step');
    const saved = await awaitApiCall(page, '/strategy/save', () => page.getByTestId('send-next').click());
    expect(saved.code, saved.msg).toBe(100);
    await page.waitForURL(/\/tags\/content\?id=/);
    const blocks = page.locator('[data-testid^="block-"][data-type]');
    await expect.poll(() => blocks.count()).toBe(DOC.blocks.length);
    for (const [i, b] of DOC.blocks.entries()) expect(await page.getByTestId(`block-${i}`).getAttribute('data-type')).toBe(b.type);
    await page.getByTestId('block-0').click();
    expect(await page.getByTestId('block-html').inputValue()).toContain(phrase);
  });

  it('deletes the strategy after the confirmation; the draft and the template stay', async () => {
    await openList();
    const { dialog, ok, settled } = confirmDialog(page, lang, formatUi(lang, 'segmentSend.deleteConfirm', { name }));
    await row(scheduledId).getByTestId('send-delete').click();
    await settled();
    await snap(page, lang, 'strategy-actions-06-delete-confirm');
    const reply = await awaitApiCall(page, '/strategy/delete', () => ok.click());
    expect(reply.code, reply.msg).toBe(100);
    await dialog.waitFor({ state: 'hidden' });
    await toast('segmentSend.deleted').waitFor();
    await row(scheduledId).waitFor({ state: 'detached' });
    expect(await page.getByTestId('send-row').filter({ hasText: name }).count()).toBe(0);

    await openList();
    expect(await row(scheduledId).count()).toBe(0);
    expect(await statusOf(draftId).getAttribute('data-status')).toBe('draft');
    await snap(page, lang, 'strategy-actions-07-deleted');

    const res = await fetch(`${app.baseUrl}/api/material/template-list`, { headers: { authorization: `Bearer ${owner.token}` } });
    const templates = ((await res.json()) as { data: { name: string }[] }).data;
    expect(templates.map((t) => t.name)).toContain(templateName);
  });
});
