import { api } from '@storecast/contract';
import { flowRuns, flowRunSteps, shops, subscribers } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { DOC, waitFor } from '../delivery/test/fixtures.ts';
import { makePopup, storefront, storeOf, visitorId } from '../storefront/test/storefront-fixtures.ts';
import { enterDailyFlows } from './enter-daily-flows.ts';
import { flowsJob } from './flows-job.ts';
import { seedFlow } from './test/seed-flow.ts';

/** Sign-ups, ingested customers and the daily scans enter their flows; the worker job takes a due run within a second. */
let t: TestApp;
let shopId = '';
let token = '';

beforeAll(async () => {
  t = await startTestApp();
  ({ shopId, token } = await signUp(t, { name: 'Entering Tea' }));
  // UTC+8: the daily scans work on the store's calendar day.
  await t.deps.dbh.db.update(shops).set({ timezone: 'Asia/Shanghai' }).where(eq(shops.id, shopId));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const email = { key: 'e1', type: 'email' as const, title: 'Hello', summary: '', content: DOC, coupon_id: null };
const runsOf = async (flowId: string) => t.deps.dbh.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId));
const subscriberId = async (address: string) =>
  (await t.deps.dbh.db.select({ id: subscribers.id }).from(subscribers).where(and(eq(subscribers.shopId, shopId), eq(subscribers.email, address))))[0]!.id;

describe('welcome', () => {
  it('a pop-up sign-up and an ingested new customer enter it once; an existing subscriber does not', async () => {
    const welcome = await seedFlow(t.deps.dbh, shopId, 'welcome', { steps: [email] });
    const { key, origin } = await storeOf(t, shopId);
    const popupId = await makePopup(t, shopId);
    const body = { key, popup_id: popupId, visitor_id: visitorId('w1'), email: 'ivy@example.com', consent: true, language: 'en-US', page_url: 'https://shop.example.com/' };
    expect((await storefront(t, 'POST', 'subscribe', { origin, body })).body).toMatchObject({ code: 100, data: { status: 'subscribed' } });
    // Signing up again is the same subscriber and the same trigger.
    expect((await storefront(t, 'POST', 'subscribe', { origin, body })).body.code).toBe(100);
    const ivy = await subscriberId('ivy@example.com');
    expect((await runsOf(welcome.flowId)).filter((r) => r.subscriberId === ivy)).toEqual([
      expect.objectContaining({ triggerKey: 'signup', status: 'active', stepId: welcome.steps.e1 }),
    ]);

    const apiKey = (await t.call(api.apiToken.create, { token, body: { name: 'ERP' } })).body.data.token;
    const push = (customers: unknown[]) => t.call(api.ingest.customers, { token: apiKey, body: { customers } });
    expect((await push([{ id: 'c-1', email: 'jay@example.com', accepts_marketing: true }])).body.data).toMatchObject({ created: 1 });
    // Known already (Ivy) or not accepting marketing: nobody new, nobody enters.
    expect((await push([{ id: 'c-2', email: 'ivy@example.com', accepts_marketing: true }, { id: 'c-3', email: 'kim@example.com' }])).body.code).toBe(100);
    const runs = await runsOf(welcome.flowId);
    expect(runs.map((r) => r.subscriberId).sort()).toEqual([ivy, await subscriberId('jay@example.com')].sort());
  });
});

describe('daily flows', () => {
  it('enter win-back and birthday runs on the store\'s day, once', async () => {
    const winBack = await seedFlow(t.deps.dbh, shopId, 'win-back', { win_back_days: 60, exit_on_purchase: true, steps: [email] });
    const birthday = await seedFlow(t.deps.dbh, shopId, 'birthday', { steps: [email] });
    // 2027-03-10 01:00 in Shanghai is still 9 March in UTC.
    const now = new Date('2027-03-09T17:00:00Z');
    const add = async (address: string, fields: Partial<typeof subscribers.$inferInsert>) =>
      (await t.deps.dbh.db.insert(subscribers).values({ shopId, email: address, source: 'manual', ...fields }).returning({ id: subscribers.id }))[0]!.id;
    // The last order on 9 January, Shanghai time (60 days before 10 March).
    const lapsed = await add('lapsed@example.com', { lastOrderAt: new Date('2027-01-08T20:00:00Z') });
    await add('recent@example.com', { lastOrderAt: new Date('2027-02-20T00:00:00Z') });
    const bornToday = await add('born@example.com', { attributes: { birthday: '1990-03-10' } });
    const bornMmdd = await add('mmdd@example.com', { attributes: { birthday: '03-10' } });
    await add('other-day@example.com', { attributes: { birthday: '03-09' } });
    await add('gone@example.com', { attributes: { birthday: '03-10' }, status: 'unsubscribed' });
    expect(await enterDailyFlows(t.deps, now)).toBe(3);
    expect(await enterDailyFlows(t.deps, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect((await runsOf(winBack.flowId)).map((r) => [r.subscriberId, r.triggerKey])).toEqual([[lapsed, 'win-back:2027-03-10']]);
    expect((await runsOf(birthday.flowId)).map((r) => [r.subscriberId, r.triggerKey]).sort()).toEqual(
      [[bornToday, 'birthday:2027'], [bornMmdd, 'birthday:2027']].sort(),
    );
  });
});

describe('the worker job', () => {
  it('takes a run within a second of it falling due', async () => {
    const flow = await seedFlow(t.deps.dbh, shopId, 'post-purchase', { steps: [{ key: 'w1', type: 'wait', amount: 1, unit: 'days' }] });
    const leo = (await t.deps.dbh.db.insert(subscribers).values({ shopId, email: 'leo@example.com', source: 'manual' }).returning({ id: subscribers.id }))[0]!.id;
    const stop = await flowsJob.start(t.deps, t.app.log);
    try {
      const entered = new Date();
      await t.deps.dbh.query(
        `insert into flow_runs (shop_id, flow_id, version_id, subscriber_id, trigger_key, step_id, due_at, entered_at)
         values ($1, $2, $3, $4, 'order:job', $5, $6, $6)`,
        [shopId, flow.flowId, flow.versionId, leo, flow.steps.w1, entered.toISOString()],
      );
      const [step] = await waitFor(async () => {
        const rows = await t.deps.dbh.db.select().from(flowRunSteps).where(eq(flowRunSteps.stepId, flow.steps.w1!));
        return rows.length > 0 && rows;
      }, 10_000);
      expect(step!.outcome).toBe('waited');
      expect(step!.at.getTime() - entered.getTime()).toBeLessThan(1000);
    } finally {
      await stop();
    }
  });
});
