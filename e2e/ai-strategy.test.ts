import { type FlowDetail, type FlowSummary, type Locale, translateError, walkSteps } from '@storecast/contract';
import { shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { awaitApiCall } from './support/await-api-call.ts';
import { launchBrowser, newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { type RunningApp, startApp } from './support/start-app.ts';
import { ui } from './support/ui-text.ts';

/**
 * AI strategy management read by two people of one English-speaking store, one with the admin in
 * Chinese and one in English: the switch is refused without a verified sender (SPEC's sentence in
 * each language, the switch stays off); once the Chinese reader turns it on, the flows are written
 * in the store's English, and what AI chose reads in each reader's own language on /automation
 * and in the editor; the report names its steps by type and number, never by their template.
 */
const LANGS = ['zh-CN', 'en-US'] as const;
const CJK = /[\u4e00-\u9fff]/;
const RAW = /first_wait|win_back_days|enabled:|copy:|notices\.|errors\./;
const env = {} as { app: RunningApp; browser: Browser; owner: Awaited<ReturnType<typeof seedOwner>>; pages: Record<Locale, Page> };

beforeAll(async () => {
  env.browser = await launchBrowser();
  env.app = await startApp();
  env.owner = await seedOwner(env.app, 'Harbor Goods');
  await env.app.deps.dbh.db.update(shops).set({ language: 'en-US' }).where(eq(shops.id, env.owner.shopId));
  env.pages = {} as Record<Locale, Page>;
  for (const lang of LANGS) {
    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, env.owner.token, lang);
    env.pages[lang] = await ctx.newPage();
  }
});
afterAll(async () => {
  for (const page of Object.values(env.pages ?? {})) await page.context().close();
  await env.app?.close();
  await env.browser?.close();
});

const readFlows = async () => {
  const res = await fetch(`${env.app.baseUrl}/api/automation/flows`, { headers: { authorization: `Bearer ${env.owner.token}` } });
  return ((await res.json()) as { data: { flows: FlowSummary[] } }).data.flows;
};
const readFlow = async (id: string) => {
  const res = await fetch(`${env.app.baseUrl}/api/automation/flow?id=${id}`, { headers: { authorization: `Bearer ${env.owner.token}` } });
  return ((await res.json()) as { data: FlowDetail }).data;
};
const welcomeCard = (page: Page) => page.locator('[data-testid="flow-card"][data-flow-kind="welcome"]');

describe('AI strategy management of an en-US store', () => {
  it.each(LANGS)('is refused without a verified sender, in %s, and the switch stays off', async (lang) => {
    const page = env.pages[lang];
    await page.goto(`${env.app.baseUrl}/automation`);
    await welcomeCard(page).waitFor();
    const refused = await awaitApiCall(page, '/automation/save-settings', () => page.getByTestId('automation-ai-switch').click());
    const sentence = translateError(lang, 'errors.automation.senderEmailNotVerified');
    expect(refused.code).not.toBe(100);
    expect(refused.msg).toBe(sentence);
    await page.getByText(sentence).first().waitFor();
    await page.getByTestId('automation-sender-refusal').waitFor();
    expect(await page.getByTestId('automation-ai-switch').getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('automation-ai-state').textContent()).toBe(ui(lang, 'automation.ai.off'));
    expect(await page.getByText(ui(lang, 'automation.settings.saved')).count()).toBe(0);
    await snap(page, `ai-strategy-${lang}`, '01-refused');
  });

  it('once a zh-CN reader turns it on, the copy is English and each reader reads the notes in their own language', async () => {
    await seedVerifiedSender(env.app.deps.dbh, env.owner.shopId);
    const zh = env.pages['zh-CN'];
    await zh.reload();
    await welcomeCard(zh).waitFor();
    const on = await awaitApiCall(zh, '/automation/save-settings', () => zh.getByTestId('automation-ai-switch').click());
    expect(on.code).toBe(100);
    await zh.locator('[data-testid="automation-ai-switch"][aria-checked="true"]').waitFor();

    const flows = await readFlows();
    for (const f of flows) {
      for (const { step } of walkSteps((await readFlow(f.id)).draft.steps)) {
        if (step.type === 'email') expect(`${step.title} ${JSON.stringify(step.content)}`, f.kind).not.toMatch(CJK);
        if (step.type === 'sms') expect(step.text, f.kind).not.toMatch(CJK);
      }
    }

    const cart = flows.find((f) => f.kind === 'abandoned-cart')!;
    for (const lang of LANGS) {
      const page = env.pages[lang];
      if (lang !== 'zh-CN') await page.goto(`${env.app.baseUrl}/automation`);
      const note = welcomeCard(page).getByTestId('automation-ai-note');
      await note.getByTestId('ai-note-summary').filter({ hasText: translateError(lang, 'notices.automation.ai.enabled') }).waitFor();
      await note.getByText(ui(lang, 'automation.ai.noteTitle')).click();
      await note.getByTestId('ai-note-choice').first().waitFor();
      const copy = translateError(lang, 'notices.automation.ai.copyBuiltIn', { language: translateError(lang, 'notices.automation.ai.languages.en-US') });
      await note.getByText(copy, { exact: false }).waitFor();
      const said = (await note.textContent())!;
      expect(said).not.toMatch(RAW);
      if (lang === 'en-US') expect(said).not.toMatch(CJK);
      else expect(said).toContain(translateError(lang, 'notices.automation.ai.fields.enabled'));
      await snap(page, `ai-strategy-${lang}`, '02-notes');

      await page.goto(`${env.app.baseUrl}/automation/strategy-edit?id=${cart.id}`);
      const editorNote = page.getByTestId('flow-ai-note');
      await editorNote.waitFor();
      const inEditor = (await editorNote.textContent())!;
      expect(inEditor).toContain(translateError(lang, 'notices.automation.ai.fields.first_wait'));
      expect(inEditor).not.toMatch(RAW);
      if (lang === 'en-US') expect(inEditor).not.toMatch(CJK);
      else expect(inEditor).not.toMatch(/AI strategy management|The storefront recorded|First wait/);
      await snap(page, `ai-strategy-${lang}`, '03-editor-note');
    }
  });

  it.each(LANGS)('names the steps of the report by type and number in %s, never by their template', async (lang) => {
    const page = env.pages[lang];
    const welcome = (await readFlows()).find((f) => f.kind === 'welcome')!;
    await page.goto(`${env.app.baseUrl}/automation/strategy-report?id=${welcome.id}`);
    await page.getByTestId('report-step').first().waitFor();
    const names = await page.getByTestId('report-step-name').allTextContents();
    const type = (k: string) => ui(lang, `automation.report.stepTypes.${k}`);
    expect(names).toEqual([`${type('email')} 1`, `${type('wait')} 1`, `${type('email')} 2`]);
    const table = (await page.getByTestId('report-step').first().locator('xpath=ancestor::table').textContent())!;
    expect(table).not.toContain('{{');
    await snap(page, `ai-strategy-${lang}`, '04-report-steps');
  });
});
