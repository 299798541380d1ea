import { api, type FlowStep } from '@storecast/contract';
import { deliveries, events, flowRuns, flowRunSteps, outboxMessages, shops, subscribers } from '@storecast/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { type SinkMessage, startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { bodyOf, DOC, headersOf, setVolume, volumeOf } from '../delivery/test/fixtures.ts';
import { storefront, storeOf, visitorId } from '../storefront/test/storefront-fixtures.ts';
import { advanceDueRuns } from './advance-due-runs.ts';
import { enterFlowsForEvents, enterWelcome } from './enter-flows.ts';
import { flowEmailSource, flowSmsSource } from './flow-sources.ts';
import { rawConnectionOf } from './raw-connection-of.ts';
import { seedFlow, type SeededFlow, setFlowStatus } from './test/seed-flow.ts';

/**
 * The flow runtime end to end: shoppers enter through the real storefront and ingestion routes,
 * runs advance on a clock the test moves, the delivery engine mails into an SMTP server on
 * loopback, and opens come back through the real pixel route.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let shopId = '';
let apiKey = '';
let cart: SeededFlow;
const HOUR = 3_600_000;
/** Tomorrow 10:00 UTC: the store's zone is UTC, so the default SMS quiet hours (21-8) are known. */
const base = (() => {
  const d = new Date(Date.now() + 24 * HOUR);
  d.setUTCHours(10, 0, 0, 0);
  return d;
})();
const at = (hours: number) => new Date(base.getTime() + hours * HOUR);

const CART_STEPS: FlowStep[] = [
  { key: 'w1', type: 'wait', amount: 4, unit: 'hours' },
  { key: 'e1', type: 'email', title: 'You left {{first_name|something}} behind', summary: 'Your cart', content: DOC, coupon_id: null },
  { key: 'w2', type: 'wait', amount: 6, unit: 'hours' },
  { key: 's1', type: 'split', condition: 'opened', yes: [], no: [{ key: 'm1', type: 'sms', text: 'Your cart is waiting: https://shop.example.com/cart' }] },
];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test' });
  const owner = await signUp(t, { name: 'Flow Tea' });
  shopId = owner.shopId;
  await t.deps.dbh.db.update(shops).set({ timezone: 'UTC', automation: { smart_sending_hours: 0 } }).where(eq(shops.id, shopId));
  await seedVerifiedSender(t.deps.dbh, shopId);
  await setVolume(t.deps.dbh, shopId, 1000);
  apiKey = (await t.call(api.apiToken.create, { token: owner.token, body: { name: 'ERP' } })).body.data.token;
  cart = await seedFlow(t.deps.dbh, shopId, 'abandoned-cart', { exit_on_purchase: true, steps: CART_STEPS });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function addSubscriber(email: string, extra: Partial<typeof subscribers.$inferInsert> = {}) {
  const [row] = await t.deps.dbh.db.insert(subscribers).values({ shopId, email, firstName: email.split('@')[0]!, source: 'manual', ...extra })
    .returning({ id: subscribers.id });
  return row!.id;
}
const runOf = async (subscriberId: number, flowId = cart.flowId) =>
  (await t.deps.dbh.db.select().from(flowRuns).where(and(eq(flowRuns.subscriberId, subscriberId), eq(flowRuns.flowId, flowId))));
const stepsOf = async (runId: number) =>
  Object.fromEntries((await t.deps.dbh.db.select().from(flowRunSteps).where(eq(flowRunSteps.runId, runId))).map((r) => [r.stepId, r]));
const deliveriesOf = (runId: number) => t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.runId, runId));
/** Advances until nothing is due at `now`. */
async function advanceAll(now: Date) {
  let n = 0;
  for (;;) {
    const r = await advanceDueRuns(t.deps, { now, limit: 50 });
    n += r.claimed;
    if (r.claimed < 50) return n;
  }
}
const messageTo = (email: string): SinkMessage | undefined => sink.messages.find((m) => m.to.includes(email));
const ingestEvent = (id: string, email: string, type: string) =>
  t.call(api.ingest.events, { token: apiKey, body: { events: [{ id, email, type, occurred_at: new Date().toISOString() }] } });

describe('abandoned cart, end to end', () => {
  it('enters on a storefront add to cart, mails after the wait, and ends on an order', async () => {
    const ann = await addSubscriber('ann@inbox.example.org');
    const { key, origin } = await storeOf(t, shopId);
    const visitor = visitorId('ann');
    expect((await storefront(t, 'POST', 'identify', { origin, body: { key, visitor_id: visitor, email: 'ann@inbox.example.org' } })).status).toBe(200);
    const res = await storefront(t, 'POST', 'events', { origin, body: { key, visitor_id: visitor, events: [{ type: 'added_to_cart', at: Date.now(), url: '', subject: 'p1' }] } });
    expect(res.status).toBe(200);
    const [event] = await t.deps.dbh.db.select().from(events).where(and(eq(events.subscriberId, ann), eq(events.type, 'added_to_cart')));
    const [run] = await runOf(ann);
    expect(run).toMatchObject({ status: 'active', triggerKey: `event:${event!.id}`, stepId: cart.steps.w1 });
    expect(run!.dueAt.getTime()).toBeLessThanOrEqual(Date.now());

    // The first wait: nothing is sent, the e-mail is due four hours later.
    await advanceAll(at(0));
    const [waiting] = await runOf(ann);
    expect(waiting).toMatchObject({ status: 'active', stepId: cart.steps.e1 });
    expect(waiting!.dueAt.toISOString()).toBe(at(4).toISOString());
    expect(await deliveriesOf(run!.id)).toHaveLength(0);
    // Not due yet at 3 hours 59 minutes.
    expect((await advanceDueRuns(t.deps, { now: new Date(at(4).getTime() - 60_000) })).claimed).toBe(0);

    await advanceAll(at(4));
    const [d] = await deliveriesOf(run!.id);
    expect(d).toMatchObject({ channel: 'email', email: 'ann@inbox.example.org', strategyId: cart.steps.e1, status: 'queued', units: 1 });
    const steps = await stepsOf(run!.id);
    expect(steps[cart.steps.w1!]!.outcome).toBe('waited');
    expect(steps[cart.steps.e1!]!.outcome).toBe('sent');
    expect((await runOf(ann))[0]).toMatchObject({ stepId: cart.steps.s1, status: 'active' });
    expect(await volumeOf(t.deps.dbh, shopId)).toMatchObject({ waiting: 1 });

    // The delivery engine sends it, DKIM-signed, into the sink.
    expect(await deliverSend(t.deps, flowEmailSource, cart.steps.e1!, Date.now() + 30_000)).toEqual({ state: 'done' });
    const mail = messageTo('ann@inbox.example.org')!;
    expect(headersOf(mail.raw).get('subject')).toBe('You left ann behind');
    expect(headersOf(mail.raw).get('dkim-signature')).toBeTruthy();
    expect(await volumeOf(t.deps.dbh, shopId)).toEqual({ remaining: 999, waiting: 0 });

    // An order through the ingestion API ends the run (the flow exits on purchase).
    const order = await t.call(api.ingest.orders, {
      token: apiKey,
      body: { orders: [{ id: 'o-ann', email: 'ann@inbox.example.org', currency: 'usd', total: 1200, placed_at: new Date().toISOString(), items: [] }] },
    });
    expect(order.body.data).toMatchObject({ created: 1 });
    expect((await runOf(ann))[0]).toMatchObject({ status: 'exited', endReason: 'purchased' });
    expect(await advanceAll(at(11))).toBe(0);
  });
});

describe('SMS after an unopened e-mail', () => {
  it('texts after 6 hours unopened, and not after an open through the pixel', async () => {
    const bob = await addSubscriber('bob@inbox.example.org', { phone: '+14155550101', smsStatus: 'subscribed' });
    const cat = await addSubscriber('cat@inbox.example.org', { phone: '+14155550102', smsStatus: 'subscribed' });
    // Entered through the ingestion API's events.
    expect((await ingestEvent('ev-bob', 'bob@inbox.example.org', 'added_to_cart')).body.data).toMatchObject({ created: 1 });
    expect((await ingestEvent('ev-cat', 'cat@inbox.example.org', 'added_to_cart')).body.data).toMatchObject({ created: 1 });
    const [bobRun] = await runOf(bob);
    const [catRun] = await runOf(cat);
    expect(bobRun!.triggerKey).toMatch(/^event:\d+$/);
    await advanceAll(at(0));
    await advanceAll(at(4));
    expect(await deliverSend(t.deps, flowEmailSource, cart.steps.e1!, Date.now() + 30_000)).toEqual({ state: 'done' });
    // Cat opens her mail: the pixel is the real public route.
    const pixel = /https:\/\/mail\.storecast\.test(\/api\/public\/o\/[A-Za-z0-9._-]+)/.exec(bodyOf(messageTo('cat@inbox.example.org')!.raw))![1]!;
    expect((await t.app.inject({ method: 'GET', url: pixel })).statusCode).toBe(200);

    // Five hours after the mail nothing is due; at six hours the split runs.
    expect((await advanceDueRuns(t.deps, { now: at(9) })).claimed).toBe(0);
    await advanceAll(at(10));
    const bobSteps = await stepsOf(bobRun!.id);
    expect(bobSteps[cart.steps.s1!]!.outcome).toBe('no');
    expect(bobSteps[cart.steps.m1!]!.outcome).toBe('sent');
    const bobSms = (await deliveriesOf(bobRun!.id)).find((d) => d.channel === 'sms')!;
    // One GSM-7 segment (the link counted as its short form) times SMS_UNITS_PER_SEGMENT.
    expect(bobSms).toMatchObject({ phone: '+14155550101', email: null, strategyId: cart.steps.m1, units: t.deps.config.sms.unitsPerSegment });
    expect((await runOf(bob))[0]).toMatchObject({ status: 'completed', stepId: null });
    // The engine sends the SMS (the local outbox stands in for a provider), its link shortened.
    expect(await deliverSend(t.deps, flowSmsSource, cart.steps.m1!, Date.now() + 30_000)).toMatchObject({ state: 'done' });
    const [text] = await t.deps.dbh.db.select().from(outboxMessages).where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, '+14155550101')));
    expect(text!.body).toMatch(/^Your cart is waiting: https:\/\/mail\.storecast\.test\/api\/public\/s\/\S+$/);
    expect((await deliveriesOf(bobRun!.id)).find((d) => d.channel === 'sms')!.status).toBe('sent');

    const catSteps = await stepsOf(catRun!.id);
    expect(catSteps[cart.steps.s1!]!.outcome).toBe('yes');
    expect(catSteps[cart.steps.m1!]).toBeUndefined();
    expect((await deliveriesOf(catRun!.id)).filter((d) => d.channel === 'sms')).toHaveLength(0);
    expect((await runOf(cat))[0]).toMatchObject({ status: 'completed' });
  });
});

describe('courtesy rules', () => {
  it('delays an SMS until the store\'s quiet hours end', async () => {
    const browse = await seedFlow(t.deps.dbh, shopId, 'browse-abandonment', { steps: [{ key: 'm1', type: 'sms', text: '你好，{{first_name|朋友}}' }] });
    // As typed, with spaces: sent in E.164.
    const dan = await addSubscriber('dan@inbox.example.org', { phone: '+86 138 0013 8000', smsStatus: 'subscribed' });
    expect((await ingestEvent('ev-dan', 'dan@inbox.example.org', 'viewed_product')).body.data).toMatchObject({ created: 1 });
    const [run] = await runOf(dan, browse.flowId);
    // 22:00 in the store: quiet until 08:00.
    await advanceAll(at(12));
    expect((await stepsOf(run!.id))[browse.steps.m1!]).toMatchObject({ outcome: 'delayed', reason: 'quiet-hours' });
    const [delayed] = await runOf(dan, browse.flowId);
    expect(delayed).toMatchObject({ status: 'active', stepId: browse.steps.m1 });
    expect(delayed!.dueAt.toISOString()).toBe(at(22).toISOString());
    expect(await deliveriesOf(run!.id)).toHaveLength(0);
    await advanceAll(at(22));
    expect((await stepsOf(run!.id))[browse.steps.m1!]).toMatchObject({ outcome: 'sent', reason: null });
    // Chinese text is UCS-2: still one segment.
    expect((await deliveriesOf(run!.id))[0]).toMatchObject({ channel: 'sms', phone: '+8613800138000', units: t.deps.config.sms.unitsPerSegment });
  });

  it('skips for smart sending and for the weekly cap, with their reasons', async () => {
    const welcome = await seedFlow(t.deps.dbh, shopId, 'welcome', { steps: [{ key: 'e1', type: 'email', title: 'Welcome', summary: '', content: DOC, coupon_id: null }] });
    const checkout = await seedFlow(t.deps.dbh, shopId, 'abandoned-checkout', { steps: [{ key: 'e1', type: 'email', title: 'Checkout', summary: '', content: DOC, coupon_id: null }] });
    const eve = await addSubscriber('eve@inbox.example.org');
    const fay = await addSubscriber('fay@inbox.example.org');
    const enterBoth = async (subscriberId: number, email: string) => {
      await t.deps.dbh.transaction((c) => enterWelcome(c, shopId, [subscriberId], new Date()));
      await advanceAll(at(30));
      await ingestEvent(`ev-checkout-${subscriberId}`, email, 'started_checkout');
      await advanceAll(at(30));
      const [run] = await runOf(subscriberId, checkout.flowId);
      return (await stepsOf(run!.id))[checkout.steps.e1!];
    };
    // Smart sending (16 hours): eve's welcome mail is still waiting to go, so the checkout mail is skipped.
    await t.deps.dbh.db.update(shops).set({ automation: { smart_sending_hours: 16 } }).where(eq(shops.id, shopId));
    expect(await enterBoth(eve, 'eve@inbox.example.org')).toMatchObject({ outcome: 'skipped', reason: 'frequency' });
    // Without smart sending, fay (activity level C: one flow e-mail a week) reaches the weekly cap.
    await t.deps.dbh.db.update(shops).set({ automation: { smart_sending_hours: 0 } }).where(eq(shops.id, shopId));
    expect(await enterBoth(fay, 'fay@inbox.example.org')).toMatchObject({ outcome: 'skipped', reason: 'weekly-cap' });
    const [fayWelcome] = await runOf(fay, welcome.flowId);
    expect((await stepsOf(fayWelcome!.id))[welcome.steps.e1!]).toMatchObject({ outcome: 'sent' });
  });
});

describe('idempotence and concurrency', () => {
  it('entering twice on the same trigger adds nothing', async () => {
    const gus = await addSubscriber('gus@inbox.example.org');
    const [ev] = await t.deps.dbh.db.insert(events).values({ shopId, subscriberId: gus, type: 'added_to_cart', occurredAt: new Date() }).returning({ id: events.id });
    const enter = () => t.deps.dbh.transaction((c) => enterFlowsForEvents(c, shopId, [ev!.id, ev!.id]));
    expect(await enter()).toBe(1);
    expect(await enter()).toBe(0);
    // Another add to cart while the run is under way: still one cart.
    const [ev2] = await t.deps.dbh.db.insert(events).values({ shopId, subscriberId: gus, type: 'added_to_cart', occurredAt: new Date() }).returning({ id: events.id });
    expect(await t.deps.dbh.transaction((c) => enterFlowsForEvents(c, shopId, [ev2!.id]))).toBe(0);
    // The Drizzle adapter the storefront and ingestion use behaves the same.
    expect(await t.deps.dbh.db.transaction((tx) => enterFlowsForEvents(rawConnectionOf(tx), shopId, [ev!.id]))).toBe(0);
    expect(await runOf(gus)).toHaveLength(1);
  });

  it('two workers advancing at once write and send each step once', async () => {
    const flow = await seedFlow(t.deps.dbh, shopId, 'post-purchase', { steps: [{ key: 'e1', type: 'email', title: 'Thanks {{first_name|}}', summary: '', content: DOC, coupon_id: null }] });
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await addSubscriber(`p${i}@inbox.example.org`));
    await t.deps.dbh.transaction((c) => c.query(
      `insert into flow_runs (shop_id, flow_id, version_id, subscriber_id, trigger_key, step_id, due_at, entered_at)
       select $1, $2, $3, s, 'order:test', $4, now(), now() from unnest($5::bigint[]) s`,
      [shopId, flow.flowId, flow.versionId, flow.steps.e1, ids],
    ));
    const worker = async () => {
      let n = 0;
      for (;;) {
        const r = await advanceDueRuns(t.deps, { now: at(40), limit: 7 });
        n += r.claimed;
        if (r.claimed === 0) return n;
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBeGreaterThanOrEqual(60);
    const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, flow.steps.e1!));
    expect(rows).toHaveLength(60);
    const runSteps = await t.deps.dbh.db.select({ n: sql<number>`count(*)::int` }).from(flowRunSteps).where(eq(flowRunSteps.stepId, flow.steps.e1!));
    expect(runSteps[0]!.n).toBe(60);
    const before = sink.messages.length;
    await Promise.all([
      deliverSend(t.deps, flowEmailSource, flow.steps.e1!, Date.now() + 30_000),
      deliverSend(t.deps, flowEmailSource, flow.steps.e1!, Date.now() + 30_000),
    ]);
    expect(sink.messages.length - before).toBe(60);
    for (let i = 0; i < 60; i++) expect(sink.perRecipient.get(`p${i}@inbox.example.org`)).toBe(1);
  });

  it('a flow turned off ends its active runs at their next claim', async () => {
    const hal = await addSubscriber('hal@inbox.example.org');
    const [ev] = await t.deps.dbh.db.insert(events).values({ shopId, subscriberId: hal, type: 'added_to_cart', occurredAt: new Date() }).returning({ id: events.id });
    expect(await t.deps.dbh.transaction((c) => enterFlowsForEvents(c, shopId, [ev!.id]))).toBe(1);
    await setFlowStatus(t.deps.dbh, cart.flowId, 'off');
    await advanceAll(at(50));
    expect((await runOf(hal))[0]).toMatchObject({ status: 'exited', endReason: 'flow-off' });
    // Off: entering costs one indexed probe and adds nothing.
    const [ev2] = await t.deps.dbh.db.insert(events).values({ shopId, subscriberId: hal, type: 'added_to_cart', occurredAt: new Date() }).returning({ id: events.id });
    expect(await t.deps.dbh.transaction((c) => enterFlowsForEvents(c, shopId, [ev2!.id]))).toBe(0);
    await setFlowStatus(t.deps.dbh, cart.flowId, 'on');
  });
});
