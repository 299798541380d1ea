import { api } from '@storecast/contract';
import { strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { START_IN_REQUEST_MAX } from './save-strategy.ts';
import { runScheduledStart } from './jobs.ts';
import { START_QUEUE } from './strategy-queues.ts';
import { addSubscribers, ALL, DOC, setVolume, volumeOf } from '../delivery/test/fixtures.ts';

// "Send now" to more than START_IN_REQUEST_MAX recipients answers at once and leaves recording
// the audience to the worker's start job. No worker runs here: the test does the job's part.
let t: TestApp;
let o: { token: string; shopId: string };
const N = START_IN_REQUEST_MAX + 1;

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Big Tea' });
  await seedVerifiedSender(t.deps.dbh, o.shopId);
  await addSubscribers(t.deps.dbh, o.shopId, N);
}, 60_000);
afterAll(() => t.close());

const save = (lang = 'en-US') => t.call(api.strategy.save, {
  token: o.token, lang, body: { name: 'Everyone', title: 'News', summary: '', segment_ids: [ALL], content: DOC, send_mode: 'now' },
});

describe('send now to a large audience', () => {
  it('refuses at once when the volume is short, counting the whole audience', async () => {
    await setVolume(t.deps.dbh, o.shopId, N - 1);
    const res = await save('zh-CN');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`您当前的可用发送量为 ${N - 1}，不足以完成本次邮件发送，请购买。`);
    const [row] = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.id, res.body.data.id));
    expect(row!.status).toBe('draft');
  });

  it('answers "started" with the strategy queued, and the start job records every recipient', async () => {
    await setVolume(t.deps.dbh, o.shopId, N + 100);
    const res = await save();
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.msg).toBe('Sending has started.');
    expect(res.body.data).toMatchObject({ status: 'pending', stats: { recipients: 0 } });
    const id = res.body.data.id as string;
    // Nothing recorded or reserved yet: that is the job's work, queued to run at once.
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: N + 100, waiting: 0 });
    const jobs = await t.deps.dbh.query<{ start_after: Date }>(
      `select start_after from pgboss.job where name = $1 and data->>'strategyId' = $2`, [START_QUEUE, id]);
    expect(jobs.rows).toHaveLength(1);
    expect(new Date(jobs.rows[0]!.start_after).getTime()).toBeLessThanOrEqual(Date.now());

    // The queued job and a worker's start-up sweep may both pick up the due send: one starts it,
    // the other finds it started and leaves it alone (no "exception", no second reservation).
    await Promise.all([runScheduledStart(t.deps, t.app.log, id), runScheduledStart(t.deps, t.app.log, id)]);
    const [row] = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.id, id));
    expect(row).toMatchObject({ status: 'sending', reserved: N });
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: N + 100, waiting: N });
  }, 60_000);
});
