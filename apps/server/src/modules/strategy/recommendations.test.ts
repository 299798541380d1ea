import { randomUUID } from 'node:crypto';
import { api } from '@storecast/contract';
import { deliveries, subscribers } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/**
 * SPEC section 1's recommendations for a store in Asia/Shanghai: the discount ceiling, the
 * frequency by activity level with the store's own counts, and the weekday and hour its
 * subscribers opened most in the last 90 days, in the store's time zone.
 */
let t: TestApp;
let o: { token: string; shopId: string };
let other: { token: string; shopId: string };

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** A UTC midnight on the given weekday at least a week ago (and well inside 90 days). */
function pastWeekday(weekday: number): Date {
  const d = new Date(Date.now() - 14 * DAY);
  d.setUTCHours(0, 0, 0, 0);
  while (d.getUTCDay() !== weekday) d.setTime(d.getTime() - DAY);
  return d;
}
const at = (base: Date, h: number, m: number) => new Date(base.getTime() + (h * 60 + m) * 60_000);

async function opens(shopId: string, times: Date[]) {
  const strategyId = randomUUID();
  await t.deps.dbh.db.insert(deliveries).values(times.map((openedAt) => ({
    shopId, strategyId, email: 'x@inbox.example.org', status: 'sent' as const, sentAt: openedAt, openedAt,
  })));
}

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Advice Tea' });
  other = await signUp(t, { name: 'Other Tea' });
  const row = (i: number, extra: Partial<typeof subscribers.$inferInsert>) => ({ shopId: o.shopId, email: `a${i}@inbox.example.org`, source: 'manual', ...extra });
  await t.deps.dbh.db.insert(subscribers).values([
    // S: opened in 30 days and bought in 90.
    row(1, { lastOpenAt: ago(1), lastOrderAt: ago(10) }),
    row(2, { lastClickAt: ago(3), lastOrderAt: ago(60) }),
    // A: one or the other.
    row(3, { lastOpenAt: ago(5) }),
    row(4, { lastOrderAt: ago(40) }),
    row(5, { lastOpenAt: ago(29) }),
    // B: within 180 days.
    row(6, { lastOpenAt: ago(100) }),
    // C, and two who are not mailed at all.
    row(7, {}), row(8, { lastOpenAt: ago(400) }), row(9, {}), row(10, {}),
    row(11, { status: 'unsubscribed', lastOpenAt: ago(1), lastOrderAt: ago(1) }),
    { shopId: o.shopId, phone: '+8613800138001', source: 'manual' },
  ]);
}, 60_000);
afterAll(() => t.close());

const read = async (token = o.token, lang = 'en-US') => {
  const res = await t.call(api.strategy.recommendations, { token, lang });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data;
};

describe('recommendations', () => {
  it('gives the discount ceiling and the frequency by level with the store\'s counts', async () => {
    const r = await read();
    expect(r.max_discount).toBe(30);
    expect(r.timezone).toBe('Asia/Shanghai');
    expect(r.frequency).toEqual([
      { level: 'S', subscribers: 2, per_week_min: 4, per_week_max: 6 },
      { level: 'A', subscribers: 3, per_week_min: 4, per_week_max: 6 },
      { level: 'B', subscribers: 1, per_week_min: 2, per_week_max: 3 },
      { level: 'C', subscribers: 4, per_week_min: 0, per_week_max: 1 },
    ]);
    expect((await read(other.token)).frequency.map((f) => f.subscribers)).toEqual([0, 0, 0, 0]);
  });

  it('finds the weekday and hour of most opens in the store\'s time zone, once there are enough', async () => {
    const tue = pastWeekday(2);
    const thu = pastWeekday(4);
    const fri = pastWeekday(5);
    // Tuesday 01:xx UTC is Tuesday 09:xx in Shanghai; Thursday 12:30 UTC is 20:30 there.
    await opens(o.shopId, [...Array.from({ length: 30 }, (_, i) => at(tue, 1, i)), ...Array.from({ length: 19 }, () => at(thu, 12, 30))]);
    // Older than 90 days, or another store's: not counted.
    await opens(o.shopId, Array.from({ length: 80 }, () => at(ago(95), 0, 0)));
    await opens(other.shopId, Array.from({ length: 80 }, () => at(thu, 3, 0)));
    const few = await read();
    expect(few.min_opens).toBe(50);
    expect(few.best_send_time).toBeNull();
    // Friday 23:30 UTC is Saturday 07:30 in Shanghai: the 50th open.
    await opens(o.shopId, [at(fri, 23, 30)]);
    expect((await read()).best_send_time).toEqual({ weekday: 2, hour: 9, opens: 30 });
    // The other store sees only its own opens (80, on Thursday 11:00 in Shanghai).
    expect((await read(other.token)).best_send_time).toEqual({ weekday: 4, hour: 11, opens: 80 });
  });
});
