import { api } from '@storecast/contract';
import { strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { addSubscribers, ALL, DOC, setVolume, volumeOf, waitFor } from '../delivery/test/fixtures.ts';
import { queueScheduledStart } from './strategy-queues.ts';

// A scheduled Segment Send starts from the job queue and its mail goes out through the engine.
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: { token: string; shopId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url(2), publicUrl: 'https://mail.storecast.test' }, { worker: true });
  owner = await signUp(t, { name: 'Later Tea' });
  await seedVerifiedSender(t.deps.dbh, owner.shopId);
  await setVolume(t.deps.dbh, owner.shopId, 10);
  await addSubscribers(t.deps.dbh, owner.shopId, 3, 'later');
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('scheduled send', () => {
  it('starts from the job queue at its time, and never a terminated one', async () => {
    const later = (name: string) => t.call(api.strategy.save, {
      token: owner.token,
      body: { name, title: 'Later', segment_ids: [ALL], content: DOC, send_mode: 'later', send_at: new Date(Date.now() + 7_200_000).toISOString() },
    });
    const due = (await later('Due')).body.data;
    const stopped = (await later('Stopped')).body.data;
    expect(due.status).toBe('pending');
    expect((await t.call(api.strategy.terminate, { token: owner.token, body: { id: stopped.id } })).body.data.status).toBe('terminated');
    // Its time has come: the job queue starts it (the job re-reads status and time).
    for (const s of [due, stopped]) {
      await t.deps.dbh.db.update(strategies).set({ sendAt: new Date() }).where(eq(strategies.id, s.id));
      await queueScheduledStart(t.deps, s.id, new Date());
    }
    const sent = await waitFor(async () => {
      const d = await t.call(api.strategy.detail, { token: owner.token, query: { id: due.id } });
      return d.body.data.status === 'completed' && d.body.data;
    });
    expect(sent.stats).toMatchObject({ recipients: 3, sent: 3 });
    expect(sink.messages.length).toBe(3);
    expect((await t.call(api.strategy.detail, { token: owner.token, query: { id: stopped.id } })).body.data).toMatchObject({ status: 'terminated', stats: { recipients: 0 } });
    expect(await volumeOf(t.deps.dbh, owner.shopId)).toEqual({ remaining: 7, waiting: 0 });
  });
});
