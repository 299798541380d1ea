import { api } from '@storecast/contract';
import { deliveries, shops } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { addSubscribers, ALL, DOC, setVolume } from '../delivery/test/fixtures.ts';
import { segmentSendSource } from './segment-send-source.ts';

/**
 * Smart sending on a Segment Send: subscribers the store mailed within its window (Smart Send
 * settings, 16 hours unless changed) are left out; without it the send reaches everyone.
 */
let t: TestApp;
let o: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Courtesy Tea' });
  await addSubscribers(t.deps.dbh, o.shopId, 6);
  await seedVerifiedSender(t.deps.dbh, o.shopId);
  await setVolume(t.deps.dbh, o.shopId, 100);
});
afterAll(() => t.close());

const send = async (name: string, smart: boolean) => {
  const res = await t.call(api.strategy.save, {
    token: o.token, body: { name, title: 'News', segment_ids: [ALL], content: DOC, send_mode: 'now', smart_sending: smart },
  });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data;
};
const count = (smart: '0' | '1') =>
  t.call(api.strategy.audienceCount, { token: o.token, query: { segment_ids: ALL, smart_sending: smart } }).then((r) => r.body.data.count);

describe('smart sending on a Segment Send', () => {
  it('leaves out subscribers mailed within the window, counts them alike, and reaches everyone without it', async () => {
    // Two subscribers got a mail three hours ago, one twenty hours ago.
    const first = await send('First', false);
    expect(await deliverSend(t.deps, segmentSendSource, first.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    const sent = await t.deps.dbh.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.strategyId, first.id)).orderBy(deliveries.id);
    await t.deps.dbh.db.update(deliveries).set({ sentAt: sql`now() - interval '20 hours'` }).where(sql`${deliveries.id} > ${sent[2]!.id}`);
    await t.deps.dbh.db.update(deliveries).set({ sentAt: sql`now() - interval '3 hours'` }).where(sql`${deliveries.id} <= ${sent[2]!.id}`);
    // All six were mailed; three of them within 16 hours.
    expect(await count('0')).toBe(6);
    expect(await count('1')).toBe(3);
    const smart = await send('Smart', true);
    expect(smart).toMatchObject({ smart_sending: true, stats: { recipients: 3 } });
    // A narrower window lets the others through again; 0 turns it off.
    await t.deps.dbh.db.update(shops).set({ automation: { smart_sending_hours: 2 } }).where(eq(shops.id, o.shopId));
    // The smart send's own deliveries are queued, so its three still count as being mailed.
    expect(await count('1')).toBe(3);
    await t.deps.dbh.db.update(shops).set({ automation: { smart_sending_hours: 0 } }).where(eq(shops.id, o.shopId));
    expect(await deliverSend(t.deps, segmentSendSource, smart.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    expect(await count('1')).toBe(6);
    const plain = await send('Plain', false);
    expect(plain).toMatchObject({ smart_sending: false, stats: { recipients: 6 } });
  });
});
