import { api, type FlowStep } from '@storecast/contract';
import { flows, flowSteps, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { addSubscribers, bodyOf, headersOf, setVolume } from '../delivery/test/fixtures.ts';
import { advanceDueRuns } from './advance-due-runs.ts';
import { enterWelcome } from './enter-flows.ts';
import { flowEmailSource } from './flow-sources.ts';

/**
 * From the admin to the inbox: the default welcome flow, written by the built-in writer and
 * turned on through the API (which publishes it), is what the runtime enters and the delivery
 * engine mails, with the coupon of the store's preset.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let o: { token: string; shopId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test' });
  o = await signUp(t, { name: 'Inbox Tea' });
  await seedVerifiedSender(t.deps.dbh, o.shopId);
  await setVolume(t.deps.dbh, o.shopId, 100);
  await addSubscribers(t.deps.dbh, o.shopId, 1, 'welcome');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('a default flow turned on through the API', () => {
  it('is entered, advanced and mailed with its written words and the store coupon', async () => {
    await t.call(api.brand.savePreset, { token: o.token, body: { code: 'HELLO15', discount: 15, description: '' } });
    const list = await t.call(api.automation.flows, { token: o.token, lang: 'en-US' });
    const welcome = list.body.data.flows.find((f) => f.kind === 'welcome')!;
    const on = await t.call(api.automation.switchFlow, { token: o.token, lang: 'en-US', body: { id: welcome.id, enabled: true } });
    expect(on.body.code, on.body.msg).toBe(100);
    expect(on.body.data).toMatchObject({ enabled: true, version: 1 });
    const draft = (await t.call(api.automation.flow, { token: o.token, query: { id: welcome.id } })).body.data.draft;
    const first = draft.steps[0] as Extract<FlowStep, { type: 'email' }>;

    const [sub] = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId));
    expect(await t.deps.dbh.transaction((c) => enterWelcome(c, o.shopId, [sub!.id], new Date()))).toBe(1);
    await advanceDueRuns(t.deps, { now: new Date() });
    const [flow] = await t.deps.dbh.db.select().from(flows).where(eq(flows.id, welcome.id));
    const [step] = await t.deps.dbh.db.select().from(flowSteps)
      .where(and(eq(flowSteps.versionId, flow!.liveVersionId!), eq(flowSteps.key, first.key)));
    expect(await deliverSend(t.deps, flowEmailSource, step!.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    const mail = sink.messages.find((m) => m.to.includes(sub!.email!))!;
    expect(mail).toBeDefined();
    expect(headersOf(mail.raw).get('subject')).toContain('Inbox Tea');
    expect(first.title).toContain('Inbox Tea');

    // Two days later the second e-mail carries the preset's code (an engaged subscriber: level C gets one a week).
    await t.deps.dbh.db.update(subscribers).set({ lastOpenAt: new Date() }).where(eq(subscribers.id, sub!.id));
    await advanceDueRuns(t.deps, { now: new Date(Date.now() + 2 * 86_400_000 + 60_000) });
    await advanceDueRuns(t.deps, { now: new Date(Date.now() + 2 * 86_400_000 + 120_000) });
    const secondKey = draft.steps[2]!.key;
    const [second] = await t.deps.dbh.db.select().from(flowSteps)
      .where(and(eq(flowSteps.versionId, flow!.liveVersionId!), eq(flowSteps.key, secondKey)));
    expect(await deliverSend(t.deps, flowEmailSource, second!.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    const mails = sink.messages.filter((m) => m.to.includes(sub!.email!));
    expect(mails).toHaveLength(2);
    expect(bodyOf(mails[1]!.raw)).toContain('HELLO15');
  });
});
