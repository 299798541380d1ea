import { api, describeAiNote, type FlowDefinition, type FlowStep, translateError, walkSteps } from '@storecast/contract';
import { deliveries, flowRuns, flows, flowSteps, flowVersions, senderDomains, sendPackages, shops, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { addSubscribers, DOC, setVolume, volumeOf } from '../delivery/test/fixtures.ts';
import { reviewAiManagedStores } from './review-ai-managed-stores.ts';

/**
 * The /automation routes without a worker: the seven default flows, saving and publishing
 * (runs keep their version), the switch's refusals in both languages, settings, AI strategy
 * management with the built-in writer, and the report's numbers.
 */
let t: TestApp;
let o: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Flow Tea' });
  await addSubscribers(t.deps.dbh, o.shopId, 3);
});
afterAll(() => t.close());

const as = (token: string, lang = 'en-US') => ({ token, lang });
const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
  expect(r.body.code, r.body.msg).toBe(100);
  return r.body.data;
};
const list = (token = o.token, lang = 'en-US') => t.call(api.automation.flows, as(token, lang));
const flowOf = async (kind: string, token = o.token) => ok(await list(token)).flows.find((f) => f.kind === kind)!;
const detail = async (id: string, token = o.token) => ok(await t.call(api.automation.flow, { ...as(token), query: { id } }));
const save = (id: string, definition: unknown, lang = 'en-US', token = o.token) =>
  t.call(api.automation.saveFlow, { ...as(token, lang), body: { id, definition: definition as FlowDefinition } });
const publish = (id: string, lang = 'en-US', token = o.token) => t.call(api.automation.publishFlow, { ...as(token, lang), body: { id } });
const switchTo = (id: string, enabled: boolean, lang = 'en-US', token = o.token) => t.call(api.automation.switchFlow, { ...as(token, lang), body: { id, enabled } });

const email = (key: string, extra: Partial<Extract<FlowStep, { type: 'email' }>> = {}): FlowStep =>
  ({ key, type: 'email', title: 'Hello', summary: '', content: DOC, coupon_id: null, ...extra });
const def = (steps: FlowStep[], extra: Partial<FlowDefinition> = {}): FlowDefinition =>
  ({ steps, exit_on_purchase: false, utm: { source: 'storecast', medium: 'email', campaign: 'x' }, ...extra });

describe('automation API', () => {
  it('creates the seven default flows once, with the agreed shapes and default settings', async () => {
    await t.call(api.brand.savePreset, { token: o.token, body: { code: 'BIG50', discount: 50, description: '' } });
    await t.call(api.brand.savePreset, { token: o.token, body: { code: 'TEN', discount: 10, description: '' } });
    const [first, second] = await Promise.all([list(), list()]);
    const a = ok(first);
    expect(ok(second).flows.map((f) => f.id).sort()).toEqual(a.flows.map((f) => f.id).sort());
    expect(a.flows.map((f) => f.kind)).toEqual(['welcome', 'abandoned-cart', 'browse-abandonment', 'abandoned-checkout', 'post-purchase', 'win-back', 'birthday']);
    expect(a.flows.every((f) => !f.enabled && f.version === 0 && f.unpublished && f.active_runs === 0)).toBe(true);
    expect(a.flows[0]!.last_30_days).toEqual({ entered: 0, sent: 0, orders: 0, revenue: 0 });
    expect(a.settings).toEqual({ ai_managed: false, smart_sending_hours: 16, weekly_caps: { S: 6, A: 6, B: 3, C: 1 }, sms_quiet_hours: { start: 21, end: 8 } });
    expect((await t.deps.dbh.db.select().from(flows).where(eq(flows.shopId, o.shopId))).length).toBe(7);

    const shape = (steps: FlowStep[]): unknown[] => steps.map((s) =>
      s.type === 'wait' ? `wait ${s.amount} ${s.unit}` : s.type === 'split' ? { [s.condition]: { yes: shape(s.yes), no: shape(s.no) } } : s.type);
    const drafts = Object.fromEntries(await Promise.all(a.flows.map(async (f) => [f.kind, (await detail(f.id)).draft] as const)));
    expect(shape(drafts.welcome!.steps)).toEqual(['email', 'wait 2 days', 'email']);
    expect(shape(drafts['abandoned-cart']!.steps)).toEqual(['wait 4 hours', 'email', 'wait 6 hours', { opened: { yes: [], no: ['sms'] } }]);
    expect(shape(drafts['browse-abandonment']!.steps)).toEqual(['wait 2 hours', 'email']);
    expect(shape(drafts['abandoned-checkout']!.steps)).toEqual(['wait 1 hours', 'email', 'wait 6 hours', { opened: { yes: [], no: ['sms'] } }]);
    expect(shape(drafts['post-purchase']!.steps)).toEqual(['wait 1 days', 'email', 'wait 14 days', 'email']);
    expect(shape(drafts['win-back']!.steps)).toEqual(['email', 'wait 3 days', { purchased: { yes: [], no: ['email'] } }]);
    expect(shape(drafts.birthday!.steps)).toEqual(['email']);
    expect(drafts['win-back']!.win_back_days).toBe(60);
    for (const kind of ['abandoned-cart', 'browse-abandonment', 'abandoned-checkout', 'win-back']) expect(drafts[kind]!.exit_on_purchase).toBe(true);
    for (const kind of ['welcome', 'post-purchase', 'birthday']) expect(drafts[kind]!.exit_on_purchase).toBe(false);
    // Every message is written (English: the first reader's language); coupons use the store's 10 % preset, never the 50 % one.
    for (const d of Object.values(drafts)) {
      for (const { step } of walkSteps(d.steps)) {
        if (step.type === 'email') {
          expect(step.title.length).toBeGreaterThan(3);
          expect(step.content?.blocks.some((b) => b.type === 'footer')).toBe(true);
          for (const b of step.content!.blocks) if (b.type === 'coupon') expect(b).toMatchObject({ code: 'TEN', discount: 10 });
        }
        if (step.type === 'sms') expect(step.text.length).toBeGreaterThan(5);
      }
    }
    const welcome2 = drafts.welcome!.steps[2] as Extract<FlowStep, { type: 'email' }>;
    expect(welcome2.coupon_id).not.toBeNull();
    expect(welcome2.content!.blocks.some((b) => b.type === 'coupon')).toBe(true);
    expect(welcome2.title).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('reads one flow; an unknown or malformed id is not found, in both languages', async () => {
    const w = await flowOf('welcome');
    expect(await detail(w.id)).toMatchObject({ id: w.id, kind: 'welcome', currency: 'USD' });
    const other = await signUp(t, { name: 'Other Tea' });
    const theirs = await t.call(api.automation.flow, { ...as(other.token), query: { id: w.id } });
    expect(theirs.body.msg).toBe('The flow does not exist.');
    const bad = await t.call(api.automation.flow, { ...as(o.token, 'zh-CN'), query: { id: 'nope' } });
    expect(bad.body.msg).toBe('该流程不存在。');
  });

  it('validates a saved draft: steps, references, waits; saving stamps the owner', async () => {
    const w = await flowOf('welcome');
    expect((await save(w.id, def([{ key: 'wait-1', type: 'wait', amount: 1, unit: 'days' }]))).body.msg).toBe('A flow needs at least one email or SMS step.');
    expect((await save(w.id, def([]), 'zh-CN')).body.msg).toBe('流程至少需要一个邮件或短信步骤。');
    const other = await signUp(t, { name: 'Coupon Owner' });
    const theirCoupon = ok(await t.call(api.brand.savePreset, { token: other.token, body: { code: 'THEIRS', discount: 5, description: '' } })).id;
    expect((await save(w.id, def([email('mail-1', { coupon_id: theirCoupon })]))).body.msg).toBe('The coupon preset of the email step "mail-1" does not exist.');
    expect((await save(w.id, def([email('mail-1', { coupon_id: 'garbage' })]), 'zh-CN')).body.msg).toBe('邮件步骤“mail-1”所选的优惠券预设不存在。');
    expect((await save(w.id, def([{ key: 'w', type: 'wait', amount: 0, unit: 'hours' }, email('m')]))).body.msg)
      .toBe('A wait must be a whole number between 1 minute and 90 days.');
    expect((await save(w.id, def([email('m'), email('m')]))).body.msg).toBe('Two steps of the flow have the same key.');
    const saved = ok(await save(w.id, def([email('hello'), { key: 'w', type: 'wait', amount: 1, unit: 'days' }, email('again')])));
    expect(saved.draft.steps.map((s) => s.key)).toEqual(['hello', 'w', 'again']);
    const [row] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, w.id));
    expect(row!.ownerChangedAt).not.toBeNull();
  });

  it('publishes: refuses an incomplete e-mail naming it; writes the version, steps and links; runs keep their version', async () => {
    const w = await flowOf('welcome');
    ok(await save(w.id, def([email('hello'), email('empty', { title: '' })])));
    expect((await publish(w.id)).body.msg).toBe('The email step "empty" has no subject or no content.');
    ok(await save(w.id, def([email('hello'), email('empty', { content: null })])));
    expect((await publish(w.id, 'zh-CN')).body.msg).toBe('邮件步骤“empty”缺少标题或内容。');
    expect((await t.deps.dbh.db.select().from(flowVersions).where(eq(flowVersions.flowId, w.id))).length).toBe(0);

    const tree = def([
      email('hello'),
      { key: 'wait', type: 'wait', amount: 2, unit: 'hours' },
      { key: 'asked', type: 'split', condition: 'opened', yes: [], no: [{ key: 'nudge', type: 'sms', text: 'Hi from Flow Tea' }] },
      email('last'),
    ]);
    ok(await save(w.id, tree));
    const res = await publish(w.id);
    expect(res.body.msg).toBe('Published. New runs follow the new version; runs in progress finish on the version they entered.');
    expect(ok(res)).toMatchObject({ version: 1, unpublished: false });
    const [f1] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, w.id));
    const steps = await t.deps.dbh.db.select().from(flowSteps).where(eq(flowSteps.versionId, f1!.liveVersionId!));
    const byKey = Object.fromEntries(steps.map((s) => [s.key, s]));
    expect(Object.keys(byKey).sort()).toEqual(['asked', 'hello', 'last', 'nudge', 'wait']);
    expect(byKey.hello!.nextId).toBe(byKey.wait!.id);
    expect(byKey.wait!.nextId).toBe(byKey.asked!.id);
    expect(byKey.asked!.nextId).toBe(byKey.last!.id);
    expect(byKey.asked!.otherId).toBe(byKey.nudge!.id);
    expect(byKey.nudge!.nextId).toBe(byKey.last!.id);
    expect(byKey.last!.nextId).toBeNull();
    expect(byKey.hello!.config).toMatchObject({ title: 'Hello', locale: 'en-US' });
    // The published SMS says how to stop.
    expect(byKey.nudge!.config).toMatchObject({ text: 'Hi from Flow Tea Reply STOP to opt out' });
    const links = await t.deps.dbh.query<{ url: string }>(`select url from strategy_links where strategy_id = $1 order by idx`, [byKey.hello!.id]);
    expect(links.rows.map((r) => r.url)).toEqual(expect.arrayContaining([expect.stringContaining('https://shop.example.com/new')]));

    // A run on version 1 stays there when version 2 is published.
    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId)).limit(1);
    const [run] = await t.deps.dbh.db.insert(flowRuns).values({
      shopId: o.shopId, flowId: w.id, versionId: f1!.liveVersionId!, subscriberId: sub!.id, triggerKey: 'signup', stepId: byKey.wait!.id,
      dueAt: new Date(Date.now() + 3_600_000), enteredAt: new Date(),
    }).returning();
    ok(await save(w.id, def([email('hello', { title: 'Hello again' })])));
    expect((await detail(w.id)).unpublished).toBe(true);
    expect(ok(await publish(w.id))).toMatchObject({ version: 2, unpublished: false, active_runs: 1 });
    const [f2] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, w.id));
    expect(f2!.liveVersionId).not.toBe(f1!.liveVersionId);
    const [kept] = await t.deps.dbh.db.select().from(flowRuns).where(eq(flowRuns.id, run!.id));
    expect(kept).toMatchObject({ versionId: f1!.liveVersionId, stepId: byKey.wait!.id, status: 'active' });
  });

  it('compiles a published e-mail in the store\'s language, whoever publishes it', async () => {
    const f = await flowOf('post-purchase');
    ok(await save(f.id, def([email('thanks')])));
    const localeOfLive = async () => {
      const [row] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, f.id));
      const [step] = await t.deps.dbh.db.select().from(flowSteps).where(eq(flowSteps.versionId, row!.liveVersionId!));
      return (step!.config as { locale: string }).locale;
    };
    // The test client connected the store in English; a Chinese reader publishes.
    ok(await publish(f.id, 'zh-CN'));
    expect(await localeOfLive()).toBe('en-US');
    await t.deps.dbh.db.update(shops).set({ language: 'zh-CN' }).where(eq(shops.id, o.shopId));
    try {
      ok(await publish(f.id, 'en-US'));
      expect(await localeOfLive()).toBe('zh-CN');
    } finally {
      await t.deps.dbh.db.update(shops).set({ language: 'en-US' }).where(eq(shops.id, o.shopId));
    }
  });

  it('turns on only with a verified sender e-mail, domain and volume (SPEC wording, both languages)', async () => {
    const w = await flowOf('welcome');
    expect((await switchTo(w.id, true)).body.msg).toBe("You have not verified the sender's email address, so you cannot enable Smart Send.");
    expect((await switchTo(w.id, true, 'zh-CN')).body.msg).toBe('您尚未验证发件人邮箱，无法开启智能发送。');
    await seedVerifiedSender(t.deps.dbh, o.shopId);
    await t.deps.dbh.db.update(senderDomains).set({ verifiedAt: null }).where(eq(senderDomains.shopId, o.shopId));
    expect((await switchTo(w.id, true)).body.msg).toBe("You have not verified the sender's domain, so you cannot enable Smart Send.");
    expect((await switchTo(w.id, true, 'zh-CN')).body.msg).toBe('您尚未验证发件域名，无法开启智能发送。');
    await seedVerifiedSender(t.deps.dbh, o.shopId);
    await setVolume(t.deps.dbh, o.shopId, null);
    expect((await switchTo(w.id, true)).body.msg).toBe('No available sending-volume pack, so emails cannot be sent.');
    expect((await switchTo(w.id, true, 'zh-CN')).body.msg).toBe('没有可用的发送量套餐，无法发送邮件。');
    expect((await flowOf('welcome')).enabled).toBe(false);

    await setVolume(t.deps.dbh, o.shopId, 100);
    const on = await switchTo(w.id, true);
    expect(on.body.msg).toBe('The flow is on.');
    expect(ok(on)).toMatchObject({ enabled: true, version: 2 });
    // A flow never published is published when turned on.
    const b = await flowOf('birthday');
    expect(ok(await switchTo(b.id, true, 'zh-CN'))).toMatchObject({ enabled: true, version: 1, unpublished: false });
  });

  it('turning off cancels mail no worker holds and releases its volume (an SMS holds several units)', async () => {
    const w = await flowOf('welcome');
    const [f] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, w.id));
    const steps = await t.deps.dbh.db.select().from(flowSteps).where(eq(flowSteps.flowId, w.id));
    const oldSms = steps.find((s) => s.type === 'sms')!;
    const mail = steps.find((s) => s.versionId === f!.liveVersionId && s.type === 'email')!;
    const subs = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId)).limit(2);
    await t.deps.dbh.db.insert(deliveries).values([
      { shopId: o.shopId, strategyId: mail.id, subscriberId: subs[0]!.id, email: subs[0]!.email, units: 1, runId: 1001 },
      { shopId: o.shopId, strategyId: oldSms.id, subscriberId: subs[1]!.id, channel: 'sms', phone: '+8613800000000', units: 3, runId: 1002 },
      { shopId: o.shopId, strategyId: mail.id, subscriberId: subs[1]!.id, email: subs[1]!.email, units: 1, runId: 1003, status: 'sent', sentAt: new Date() },
    ]);
    await t.deps.dbh.db.update(sendPackages).set({ waiting: 4 }).where(eq(sendPackages.shopId, o.shopId));
    const off = await switchTo(w.id, false);
    expect(off.body.msg).toBe('The flow is off; runs in progress send nothing more.');
    expect(ok(off).enabled).toBe(false);
    const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.shopId, o.shopId));
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'cancelled', 'sent']);
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 100, waiting: 0 });
  });

  it('saves settings over the defaults and refuses bad ones', async () => {
    const body = { ai_managed: false, smart_sending_hours: 0, weekly_caps: { S: 7, A: 5, B: 2, C: 0 }, sms_quiet_hours: { start: 22, end: 7 } };
    expect(ok(await t.call(api.automation.saveSettings, { ...as(o.token), body }))).toEqual(body);
    expect(ok(await list()).settings).toEqual(body);
    const bad = await t.call(api.automation.saveSettings, { ...as(o.token), body: { ...body, smart_sending_hours: 500 } });
    expect(bad.body.code).not.toBe(100);
    expect(ok(await list()).settings).toEqual(body);
  });
});

describe('AI strategy management', () => {
  let s: { token: string; shopId: string };
  const settings = (ai: boolean) => ({
    ai_managed: ai, smart_sending_hours: 16, weekly_caps: { S: 6, A: 6, B: 3, C: 1 }, sms_quiet_hours: { start: 21, end: 8 },
  });
  const setAi = (on: boolean, lang = 'zh-CN') => t.call(api.automation.saveSettings, { ...as(s.token, lang), body: settings(on) });

  beforeAll(async () => {
    s = await signUp(t, { name: 'AI Tea' });
    await addSubscribers(t.deps.dbh, s.shopId, 4, 'ai');
    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, s.shopId)).limit(1);
    await t.deps.dbh.query(`insert into events (shop_id, subscriber_id, type, occurred_at) values ($1, $2, 'added_to_cart', now())`, [s.shopId, sub!.id]);
    await t.call(api.brand.savePreset, { token: s.token, body: { code: 'HALF', discount: 50, description: '' } });
    await t.call(api.brand.savePreset, { token: s.token, body: { code: 'QUARTER', discount: 25, description: '' } });
  });

  it('is refused without a verified sender e-mail or domain (SPEC wording, both languages), saving nothing and changing no flow', async () => {
    ok(await list(s.token));
    const before = await t.deps.dbh.db.select().from(flows).where(eq(flows.shopId, s.shopId));
    const zh = await setAi(true);
    expect(zh.status).toBe(400);
    expect(zh.body.code).not.toBe(100);
    expect(zh.body.msg).toBe('您尚未验证发件人邮箱，无法开启智能发送。');
    expect((await setAi(true, 'en-US')).body.msg).toBe("You have not verified the sender's email address, so you cannot enable Smart Send.");
    await seedVerifiedSender(t.deps.dbh, s.shopId);
    await t.deps.dbh.db.update(senderDomains).set({ verifiedAt: null }).where(eq(senderDomains.shopId, s.shopId));
    expect((await setAi(true)).body.msg).toBe('您尚未验证发件域名，无法开启智能发送。');
    expect((await setAi(true, 'en-US')).body.msg).toBe("You have not verified the sender's domain, so you cannot enable Smart Send.");
    expect(ok(await list(s.token)).settings.ai_managed).toBe(false);
    const after = await t.deps.dbh.db.select().from(flows).where(eq(flows.shopId, s.shopId));
    const kept = (rows: typeof before) => rows.map((f) => [f.id, f.status, f.draft, f.aiNote, f.aiChangedAt]).sort();
    expect(kept(after)).toEqual(kept(before));
    // Turning it off (or saving other settings with it off) needs no sender.
    ok(await setAi(false));
  });

  it('a zh-CN owner turns it on for an en-US store: copy in English, notes as data each reader reads in their language; owner edits left alone', async () => {
    await seedVerifiedSender(t.deps.dbh, s.shopId);
    await setVolume(t.deps.dbh, s.shopId, 100);
    await t.deps.dbh.db.update(shops).set({ language: 'en-US' }).where(eq(shops.id, s.shopId));
    const edited = (await flowOf('birthday', s.token)).id;
    ok(await save(edited, def([email('mine', { title: 'My own birthday mail' })]), 'en-US', s.token));
    ok(await setAi(true, 'zh-CN'));
    const all = ok(await list(s.token, 'zh-CN')).flows;
    const byKind = Object.fromEntries(all.map((f) => [f.kind, f]));
    expect(byKind.welcome).toMatchObject({ enabled: true, version: 1 });
    expect(byKind['abandoned-cart']).toMatchObject({ enabled: true });
    const cartNote = byKind['abandoned-cart']!.ai_note!;
    expect(cartNote).toMatchObject({ by: 'built-in', outcome: 'enabled', reason: null });
    expect(cartNote.choices).toEqual(expect.arrayContaining([
      { field: 'enabled', on: true, why: { key: 'notices.automation.ai.cartYes', params: { count: 1 } } },
      expect.objectContaining({ field: 'first_wait', unit: 'hours' }),
      { field: 'copy', by: 'built-in', language: 'en-US' },
    ]));
    expect(byKind['post-purchase']).toMatchObject({ enabled: false });
    expect(byKind['post-purchase']!.ai_note).toMatchObject({ outcome: 'keptOff', reason: { key: 'notices.automation.ai.ordersNo' } });
    expect(byKind.birthday!.ai_note).toMatchObject({ outcome: 'ownerEdited', choices: [] });
    expect((await detail(edited, s.token)).draft.steps.map((x) => x.key)).toEqual(['mine']);
    expect(byKind.welcome!.ai_note!.choices.find((c) => c.field === 'coupon')).toMatchObject({ code: 'QUARTER', discount: 25 });
    // No sentence is stored: the same note reads whole in either language.
    const stored = await t.deps.dbh.db.select({ aiNote: flows.aiNote }).from(flows).where(eq(flows.shopId, s.shopId));
    for (const { aiNote } of stored) expect(JSON.stringify(aiNote)).not.toMatch(/[\u4e00-\u9fff]|AI strategy management/);
    const zh = describeAiNote(cartNote, (k, p) => translateError('zh-CN', k, p));
    const en = describeAiNote(cartNote, (k, p) => translateError('en-US', k, p));
    expect(zh.summary).toBe('AI 策略管理开启了此流程并撰写了其中的内容。');
    expect(en.summary).toBe('AI strategy management turned this flow on and wrote its messages.');
    expect(zh.choices[0]).toEqual({ label: '是否开启', value: '开启', why: '过去 90 天店铺前台记录了 1 次加购，可以提醒未下单的顾客。' });
    expect(en.choices.at(-1)).toEqual({ label: 'Copy', value: 'Built-in writer', why: "The messages were written in English, the store's language, by the built-in writer." });
    // The copy of every default flow is English (the store's language), not the Chinese of who turned AI on.
    for (const f of all.filter((x) => x.kind !== 'birthday')) {
      for (const { step } of walkSteps((await detail(f.id, s.token)).draft.steps)) {
        if (step.type === 'email') expect(`${step.title} ${JSON.stringify(step.content)}`).not.toMatch(/[\u4e00-\u9fff]/);
        if (step.type === 'sms') expect(step.text).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
    for (const f of all) {
      for (const { step } of walkSteps((await detail(f.id, s.token)).draft.steps)) {
        if (step.type === 'email') for (const b of step.content?.blocks ?? []) if (b.type === 'coupon') expect(b.discount).toBeLessThanOrEqual(30);
      }
    }
    // Turning AI off changes nothing.
    const before = await t.deps.dbh.db.select().from(flows).where(eq(flows.shopId, s.shopId));
    ok(await setAi(false));
    const after = await t.deps.dbh.db.select().from(flows).where(eq(flows.shopId, s.shopId));
    expect(after.map((f) => [f.id, f.status, f.draft, f.aiChangedAt]).sort()).toEqual(before.map((f) => [f.id, f.status, f.draft, f.aiChangedAt]).sort());
  });

  it('reviews daily while on: turns on what new data supports, never what the owner stopped, and rewrites no running flow', async () => {
    const welcome = await flowOf('welcome', s.token);
    ok(await switchTo(welcome.id, false, 'en-US', s.token));
    ok(await setAi(true, 'en-US'));
    const cart = await flowOf('abandoned-cart', s.token);
    expect(cart.enabled).toBe(true);
    const [cartBefore] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, cart.id));
    expect(await flowOf('post-purchase', s.token)).toMatchObject({ enabled: false });
    // The first order arrives.
    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, s.shopId)).limit(1);
    await t.deps.dbh.query(
      `insert into orders (shop_id, external_id, subscriber_id, currency, total, placed_at) values ($1, 'first', $2, 'USD', 1000, now())`,
      [s.shopId, sub!.id]);
    expect(await reviewAiManagedStores(t.deps, new Date())).toBeGreaterThanOrEqual(1);
    const post = await flowOf('post-purchase', s.token);
    expect(post.enabled).toBe(true);
    expect(post.ai_note).toMatchObject({ outcome: 'enabled', choices: expect.arrayContaining([{ field: 'copy', by: 'built-in', language: 'en-US' }]) as unknown });
    // The owner's stop stands; the running flow keeps its copy and version.
    expect(await flowOf('welcome', s.token)).toMatchObject({ enabled: false });
    const [cartAfter] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, cart.id));
    const kept = (f: typeof cartBefore) => [f!.draft, f!.liveVersionId, f!.aiChangedAt];
    expect(kept(cartAfter)).toEqual(kept(cartBefore));
    // A second review the same day changes nothing.
    const [postRow] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, post.id));
    await reviewAiManagedStores(t.deps, new Date());
    const [postAgain] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, post.id));
    expect(postAgain!.liveVersionId).toBe(postRow!.liveVersionId);
  });
});

describe('flow report', () => {
  it('counts runs, deliveries, skips, attributed orders and a daily series in the store time zone', async () => {
    const w = await flowOf('welcome');
    const [f] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, w.id));
    const steps = await t.deps.dbh.db.select().from(flowSteps).where(eq(flowSteps.flowId, w.id));
    const live = steps.find((x) => x.versionId === f!.liveVersionId && x.key === 'hello')!;
    const old = steps.find((x) => x.versionId !== f!.liveVersionId && x.key === 'hello')!;
    const subs = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId)).limit(3);
    const now = new Date();
    const runs = await t.deps.dbh.db.insert(flowRuns).values(subs.map((sub, i) => ({
      shopId: o.shopId, flowId: w.id, versionId: i === 0 ? old.versionId : live.versionId, subscriberId: sub.id, triggerKey: `t${i}`,
      status: 'completed' as const, dueAt: now, enteredAt: now,
    }))).returning();
    await t.deps.dbh.query(
      `insert into flow_run_steps (run_id, step_id, shop_id, flow_id, outcome, reason, at) values
       ($1, $4, $6, $7, 'sent', null, now()), ($2, $5, $6, $7, 'sent', null, now()), ($3, $5, $6, $7, 'skipped', 'frequency', now())`,
      [runs[0]!.id, runs[1]!.id, runs[2]!.id, old.id, live.id, o.shopId, w.id],
    );
    await t.deps.dbh.db.delete(deliveries).where(eq(deliveries.shopId, o.shopId));
    await t.deps.dbh.db.insert(deliveries).values([
      { shopId: o.shopId, strategyId: old.id, subscriberId: subs[0]!.id, email: subs[0]!.email, runId: runs[0]!.id, status: 'sent', sentAt: now, openedAt: now, clickedAt: now },
      { shopId: o.shopId, strategyId: live.id, subscriberId: subs[1]!.id, email: subs[1]!.email, runId: runs[1]!.id, status: 'sent', sentAt: now, openedAt: now },
    ]);
    await t.deps.dbh.query(
      `insert into orders (shop_id, external_id, subscriber_id, currency, total, placed_at) values ($1, 'o-1', $2, 'USD', 4200, now() + interval '1 minute')`,
      [o.shopId, subs[0]!.id],
    );
    const r = ok(await t.call(api.automation.report, { ...as(o.token), query: { id: w.id, days: '7' } }));
    expect(r.currency).toBe('USD');
    // Four runs: these three and the one left on version 1 above.
    expect(r.totals).toMatchObject({ entered: 4, sent: 2, delivered: 2, opened: 2, clicked: 1, orders: 1, revenue: 4200 });
    const hello = r.steps.find((x) => x.key === 'hello')!;
    expect(hello).toMatchObject({ type: 'email', number: 1, depth: 0, entered: 3, sent: 2, opened: 2, orders: 1, revenue: 4200 });
    expect(hello.skipped).toEqual([{ reason: 'frequency', count: 1 }]);
    expect(r.daily).toHaveLength(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    expect(r.daily.at(-1)).toEqual({ day: today, entered: 4, sent: 2, opened: 2, clicked: 1, revenue: 4200 });
    expect(r.flow.last_30_days).toEqual({ entered: 4, sent: 2, orders: 1, revenue: 4200 });
    const summary = ok(await list()).flows.find((x) => x.id === w.id)!;
    expect(summary.last_30_days).toEqual({ entered: 4, sent: 2, orders: 1, revenue: 4200 });
    expect((await t.call(api.automation.report, { ...as(o.token, 'zh-CN'), query: { id: 'x', days: '7' } })).body.msg).toBe('该流程不存在。');
  });
});
