import { api, type EmailBlock, type FlowDefinition, type FlowStep } from '@storecast/contract';
import { flows, flowSteps, products, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { addSubscribers, bodyOf, setVolume } from '../delivery/test/fixtures.ts';
import { advanceDueRuns } from './advance-due-runs.ts';
import { enterWelcome } from './enter-flows.ts';
import { flowEmailSource } from './flow-sources.ts';

/**
 * A flow e-mail with catalogue product blocks: published with the products it names, mailed with
 * them even after the catalogue changed; the shopper's product block is refused (no flow has one).
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let o: { token: string; shopId: string };
let welcomeId: string;
let draft: FlowDefinition;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test' });
  o = await signUp(t, { name: 'Product Tea' });
  await seedVerifiedSender(t.deps.dbh, o.shopId);
  await setVolume(t.deps.dbh, o.shopId, 100);
  await addSubscribers(t.deps.dbh, o.shopId, 1, 'prod');
  const key = (await t.call(api.apiToken.create, { token: o.token, body: { name: 'ERP' } })).body.data.token;
  const pushed = await t.call(api.catalogue.ingest, {
    token: key,
    body: { products: [
      { id: 'tea-1', title: 'Dragon Well', url: 'https://tea.example.com/p/dragon-well', currency: 'USD', price: 1250, compare_at_price: 1500 },
      { id: 'tea-2', title: 'Silver Needle', currency: 'USD', price: 3000 },
    ] },
  });
  expect(pushed.body.data.created).toBe(2);
  const list = await t.call(api.automation.flows, { token: o.token, lang: 'en-US' });
  welcomeId = list.body.data.flows.find((f) => f.kind === 'welcome')!.id;
  draft = (await t.call(api.automation.flow, { token: o.token, query: { id: welcomeId } })).body.data.draft;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The draft with `blocks` added before the footer of its first e-mail. */
function withBlocks(...blocks: EmailBlock[]): FlowDefinition {
  const steps = draft.steps.map((s, i) => {
    if (i !== 0 || s.type !== 'email' || !s.content) return s;
    const body = s.content.blocks.filter((b) => b.type !== 'footer');
    const footer = s.content.blocks.filter((b) => b.type === 'footer');
    return { ...s, content: { ...s.content, blocks: [...body, ...blocks, ...footer] } } as FlowStep;
  });
  return { ...draft, steps };
}

const product = (id: string | null): EmailBlock => ({ type: 'product', id: `p-${id ?? 'matched'}`, product_id: id, button_text: '', show_compare_at: true, align: 'center' });

describe('product blocks in a flow e-mail', () => {
  it('refuses the shopper\'s product block at save, in both languages', async () => {
    const res = await t.call(api.automation.saveFlow, { token: o.token, body: { id: welcomeId, definition: withBlocks(product(null)) } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("The shopper's product block works only in an Element Send.");
    const zh = await t.call(api.automation.saveFlow, { token: o.token, lang: 'zh-CN', body: { id: welcomeId, definition: withBlocks(product(null)) } });
    expect(zh.body.code).not.toBe(100);
  });

  it('refuses to publish a product no longer in the catalogue, naming it', async () => {
    const saved = await t.call(api.automation.saveFlow, { token: o.token, body: { id: welcomeId, definition: withBlocks(product('gone')) } });
    expect(saved.body.code).toBe(100);
    const res = await t.call(api.automation.publishFlow, { token: o.token, body: { id: welcomeId } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Product gone is not in the catalogue; choose it again.');
  });

  it('publishes with the products it names and mails them as published', async () => {
    const grid: EmailBlock = { type: 'product_grid', id: 'g', product_ids: ['tea-2'], columns: 2, button_text: '' };
    expect((await t.call(api.automation.saveFlow, { token: o.token, body: { id: welcomeId, definition: withBlocks(product('tea-1'), grid) } })).body.code).toBe(100);
    const on = await t.call(api.automation.switchFlow, { token: o.token, lang: 'en-US', body: { id: welcomeId, enabled: true } });
    expect(on.body.code, on.body.msg).toBe(100);

    // The catalogue changes after publishing: a product gone is drawn as published, another at
    // its current price but at its published page, so the links recorded at publishing hold.
    await t.deps.dbh.db.delete(products).where(and(eq(products.shopId, o.shopId), eq(products.externalId, 'tea-1')));
    await t.deps.dbh.db.update(products).set({ price: 2800, url: 'https://tea.example.com/p/moved' })
      .where(and(eq(products.shopId, o.shopId), eq(products.externalId, 'tea-2')));

    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId));
    expect(await t.deps.dbh.transaction((c) => enterWelcome(c, o.shopId, [sub!.id], new Date()))).toBe(1);
    await advanceDueRuns(t.deps, { now: new Date() });
    const [flow] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, welcomeId));
    const [step] = await t.deps.dbh.db.select().from(flowSteps)
      .where(and(eq(flowSteps.versionId, flow!.liveVersionId!), eq(flowSteps.key, draft.steps[0]!.key)));
    expect((step!.config as { products: { id: string }[] }).products.map((p) => p.id).sort()).toEqual(['tea-1', 'tea-2']);
    expect(await deliverSend(t.deps, flowEmailSource, step!.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    const mail = sink.messages.find((m) => m.to.includes(sub!.email!))!;
    const body = bodyOf(mail.raw);
    expect(body).toContain('Dragon Well');
    expect(body).toContain('$12.50');
    expect(body).toContain('Silver Needle');
    expect(body).toContain('$28.00');
    expect(body).not.toContain('$30.00');
    const links = await t.deps.dbh.query<{ url: string }>('select url from strategy_links where strategy_id = $1 order by idx', [step!.id]);
    expect(links.rows.map((r) => r.url)).not.toContain('https://tea.example.com/p/moved');
    expect(links.rows.map((r) => r.url)).toContain('https://tea.example.com/p/dragon-well?utm_source=storecast&utm_medium=email&utm_campaign=welcome');
  });
});
