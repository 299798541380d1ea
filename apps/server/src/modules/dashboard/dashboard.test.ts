import { randomUUID } from 'node:crypto';
import { api, localDay, unitPriceMinor } from '@storecast/contract';
import { shopScope } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { readGoals } from './manage-goals.ts';
import { readOverview } from './read-overview.ts';
import { recountAllDirty } from './recount-days.ts';
import { rollupJob } from './rollup-job.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };
const LA = 'America/Los_Angeles';

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Dash A' });
  b = await signUp(t, { name: 'Dash B' });
  await t.deps.dbh.query(`update shops set timezone = $2 where id = $1`, [a.shopId, LA]);
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.deps.dbh.query<T>(text, params).then((r) => r.rows);

async function addSubscriber(shopId: string, email: string, subscribedAt: string): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into subscribers (shop_id, email, source, subscribed_at) values ($1, $2, 'test', $3) returning id`, [shopId, email, subscribedAt]);
  return Number(row!.id);
}

async function addStrategy(shopId: string, kind: 'segment' | 'element'): Promise<string> {
  const [row] = await q<{ id: string }>(
    `insert into strategies (shop_id, kind, name, utm) values ($1, $2, $2, '{"source":"s","medium":"m","campaign":"c"}') returning id`, [shopId, kind]);
  return row!.id;
}

/** A delivery recorded queued, then moved along as the send pipeline's statements move it. */
async function addDelivery(shopId: string, o: {
  strategyId: string; subscriberId: number; channel?: 'email' | 'sms'; units?: number; runId?: number;
  status?: 'sent' | 'bounced' | 'failed'; sentAt?: string; openedAt?: string; clickedAt?: string; unsubscribedAt?: string; complainedAt?: string;
}): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into deliveries (shop_id, strategy_id, subscriber_id, channel, email, phone, units, run_id)
     values ($1, $2, $3, $4, case when $4 = 'email' then 'x@example.test' end, case when $4 = 'sms' then '+15550100' end, $5, $6) returning id`,
    [shopId, o.strategyId, o.subscriberId, o.channel ?? 'email', o.units ?? 1, o.runId ?? null]);
  const id = Number(row!.id);
  if (o.status) await q(`update deliveries set status = $2, sent_at = $3 where id = $1`, [id, o.status, o.status === 'failed' ? null : o.sentAt]);
  if (o.openedAt) await q(`update deliveries set opened_at = $2 where id = $1`, [id, o.openedAt]);
  if (o.clickedAt) await q(`update deliveries set clicked_at = $2 where id = $1`, [id, o.clickedAt]);
  if (o.unsubscribedAt) await q(`update deliveries set unsubscribed_at = $2 where id = $1`, [id, o.unsubscribedAt]);
  if (o.complainedAt) await q(`update deliveries set complained_at = $2 where id = $1`, [id, o.complainedAt]);
  return id;
}

async function addOrder(shopId: string, subscriberId: number | null, placedAt: string, total: number, extra: { status?: string; currency?: string } = {}) {
  await q(`insert into orders (shop_id, external_id, subscriber_id, currency, total, status, placed_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [shopId, randomUUID(), subscriberId, extra.currency ?? 'USD', total, extra.status ?? 'paid', placedAt]);
}

type Row = Record<string, number>;

/**
 * The rollups' numbers counted again from the raw rows in the test, by other means than the job:
 * every raw row fetched, days taken in the store's zone by Intl, attribution by the rule written out.
 */
async function expectedFromRaw(shopId: string) {
  const [shop] = await q<{ timezone: string; currency: string }>(`select timezone, currency from shops where id = $1`, [shopId]);
  const tz = shop!.timezone;
  const day = (at: Date | string) => localDay(new Date(at), tz);
  const ds = await q<{ id: number; strategy_id: string; subscriber_id: number; channel: string; units: number; run_id: number | null; status: string;
    sent_at: Date | null; opened_at: Date | null; clicked_at: Date | null; unsubscribed_at: Date | null; complained_at: Date | null; kind: string | null; }>(
    `select d.*, s.kind from deliveries d left join strategies s on s.id = d.strategy_id where d.shop_id = $1`, [shopId]);
  const sends = new Map<string, Row>();
  const bump = (k: string, f: string, n = 1) => {
    const r = sends.get(k) ?? {};
    r[f] = (r[f] ?? 0) + n;
    sends.set(k, r);
  };
  const source = (d: (typeof ds)[number]) => (d.run_id != null ? 'flow' : d.kind ?? 'segment');
  for (const d of ds) {
    const key = (at: Date) => `${day(at)}|${d.channel}|${source(d)}`;
    if (d.sent_at) {
      bump(key(d.sent_at), 'sent');
      bump(key(d.sent_at), 'units', d.units);
      if (d.status === 'sent') bump(key(d.sent_at), 'delivered');
      if (d.status === 'bounced') bump(key(d.sent_at), 'bounced');
    }
    if (d.opened_at) bump(key(d.opened_at), 'opened');
    if (d.clicked_at) bump(key(d.clicked_at), 'clicked');
    if (d.unsubscribed_at) bump(key(d.unsubscribed_at), 'unsubscribed');
    if (d.complained_at) bump(key(d.complained_at), 'complaints');
  }
  const orders = await q<{ subscriber_id: number | null; total: string; placed_at: Date; status: string; currency: string }>(
    `select subscriber_id, total, placed_at, status, currency from orders where shop_id = $1`, [shopId]);
  const [rule = { trigger: 'click', window_days: 5 }] = await q<{ trigger: string; window_days: number }>(
    `select trigger, window_days from sales_attribution where shop_id = $1`, [shopId]);
  const audience = new Map<string, Row>();
  const bumpA = (k: string, f: string, n = 1) => {
    const r = audience.get(k) ?? {};
    r[f] = (r[f] ?? 0) + n;
    audience.set(k, r);
  };
  for (const o of orders) {
    if (o.status !== 'paid' || o.currency !== shop!.currency) continue;
    bumpA(day(o.placed_at), 'orders');
    bumpA(day(o.placed_at), 'revenue', Number(o.total));
    // The last open or click (the store's rule; click within 5 days by default) before the order.
    const placed = new Date(o.placed_at).getTime();
    const at = (d: (typeof ds)[number]) => (rule.trigger === 'open' ? d.opened_at : d.clicked_at);
    const touches = ds.filter((d) => d.subscriber_id === o.subscriber_id && at(d)
      && new Date(at(d)!).getTime() <= placed && new Date(at(d)!).getTime() > placed - rule.window_days * 86_400_000)
      .sort((x, y) => new Date(at(y)!).getTime() - new Date(at(x)!).getTime() || y.id - x.id);
    const last = touches[0];
    if (last) {
      const k = `${day(o.placed_at)}|${last.channel}|${source(last)}`;
      bump(k, 'orders');
      bump(k, 'revenue', Number(o.total));
    }
  }
  const subs = await q<{ subscribed_at: Date; unsubscribed_at: Date | null }>(
    `select subscribed_at, unsubscribed_at from subscribers where shop_id = $1`, [shopId]);
  for (const s of subs) {
    bumpA(day(s.subscribed_at), 'subscribed');
    if (s.unsubscribed_at) bumpA(day(s.unsubscribed_at), 'unsubscribed');
  }
  return { sends, audience };
}

async function rollupsOf(shopId: string) {
  const strip = (r: Record<string, unknown>, keys: string[]) => {
    const out: Row = {};
    for (const k of keys) if (Number(r[k]) !== 0) out[k] = Number(r[k]);
    return out;
  };
  const sendKeys = ['sent', 'delivered', 'bounced', 'opened', 'clicked', 'unsubscribed', 'complaints', 'units', 'orders', 'revenue'];
  const sends = new Map<string, Row>();
  for (const r of await q<Record<string, unknown> & { d: string; channel: string; source: string }>(
    `select to_char(day, 'YYYY-MM-DD') as d, * from daily_send_stats where shop_id = $1`, [shopId])) {
    sends.set(`${r.d}|${r.channel}|${r.source}`, strip(r, sendKeys));
  }
  const audience = new Map<string, Row>();
  for (const r of await q<Record<string, unknown> & { d: string }>(
    `select to_char(day, 'YYYY-MM-DD') as d, * from daily_audience_stats where shop_id = $1`, [shopId])) {
    audience.set(r.d, strip(r, ['subscribed', 'unsubscribed', 'orders', 'revenue']));
  }
  return { sends, audience };
}

const sorted = (m: Map<string, Row>) => Object.fromEntries([...m].filter(([, v]) => Object.keys(v).length > 0).sort(([x], [y]) => x.localeCompare(y)));

async function expectRollupsEqualRaw(shopId: string) {
  await recountAllDirty(t.deps.dbh);
  const want = await expectedFromRaw(shopId);
  const got = await rollupsOf(shopId);
  expect(sorted(got.sends)).toEqual(sorted(want.sends));
  expect(sorted(got.audience)).toEqual(sorted(want.audience));
  return got;
}

let s: number[] = [];
let seg = '';

describe('rollups', () => {
  it('equal the raw rows after a mixed stream across the spring DST change (Los Angeles)', async () => {
    s = [
      await addSubscriber(a.shopId, 's1@example.test', '2026-03-01T10:00:00Z'),
      await addSubscriber(a.shopId, 's2@example.test', '2026-03-08T07:30:00Z'),
      await addSubscriber(a.shopId, 's3@example.test', '2026-03-08T09:30:00Z'),
      await addSubscriber(a.shopId, 's4@example.test', '2026-03-09T06:59:00Z'),
    ];
    seg = await addStrategy(a.shopId, 'segment');
    const el = await addStrategy(a.shopId, 'element');
    const step = randomUUID();
    await addDelivery(a.shopId, { strategyId: seg, subscriberId: s[0]!, status: 'sent', sentAt: '2026-03-07T20:00:00Z',
      openedAt: '2026-03-08T09:30:00Z', clickedAt: '2026-03-08T10:30:00Z' });
    await addDelivery(a.shopId, { strategyId: el, subscriberId: s[1]!, status: 'bounced', sentAt: '2026-03-08T07:30:00Z' });
    await addDelivery(a.shopId, { strategyId: step, subscriberId: s[2]!, channel: 'sms', units: 2, runId: 1, status: 'sent',
      sentAt: '2026-03-09T06:30:00Z', clickedAt: '2026-03-09T07:30:00Z', unsubscribedAt: '2026-03-09T08:00:00Z' });
    await addDelivery(a.shopId, { strategyId: seg, subscriberId: s[2]!, status: 'failed' });
    await addDelivery(a.shopId, { strategyId: seg, subscriberId: s[3]!, status: 'sent', sentAt: '2026-03-09T07:00:00Z', complainedAt: '2026-03-10T01:00:00Z' });
    await q(`update subscribers set status = 'unsubscribed', updated_at = '2026-03-09T08:00:00Z' where id = $1`, [s[2]]);
    await addOrder(a.shopId, s[0]!, '2026-03-09T12:00:00Z', 5000);
    await addOrder(a.shopId, s[2]!, '2026-03-09T09:00:00Z', 700);
    await addOrder(a.shopId, s[2]!, '2026-03-20T09:00:00Z', 300);
    await addOrder(a.shopId, s[1]!, '2026-03-08T08:00:00Z', 900);
    await addOrder(a.shopId, s[0]!, '2026-03-09T13:00:00Z', 100, { status: 'refunded' });
    await addOrder(a.shopId, s[0]!, '2026-03-09T13:00:00Z', 100, { currency: 'EUR' });
    await addOrder(a.shopId, null, '2026-03-09T13:00:00Z', 250);
    const got = await expectRollupsEqualRaw(a.shopId);
    // Spot checks of the rules: 07:30Z on 03-08 is still 03-07 in Los Angeles, 07:30Z on 03-09 is already 03-09 (PDT).
    expect(got.sends.get('2026-03-07|email|element')).toMatchObject({ sent: 1, bounced: 1 });
    expect(got.sends.get('2026-03-09|sms|flow')).toMatchObject({ clicked: 1, unsubscribed: 1, orders: 1, revenue: 700 });
    expect(got.sends.get('2026-03-08|sms|flow')).toMatchObject({ sent: 1, units: 2, delivered: 1 });
    expect(got.sends.get('2026-03-09|email|segment')).toMatchObject({ sent: 1, orders: 1, revenue: 5000 });
    expect(got.audience.get('2026-03-09')).toMatchObject({ unsubscribed: 1, orders: 3, revenue: 5950 });
  });

  it('stay equal after late changes: a late bounce, a click with an order already placed, deletes, a re-subscribe', async () => {
    // A later change of an unsubscribed subscriber (a name) leaves the loss on the day they left.
    await q(`update subscribers set first_name = 'Later', updated_at = '2026-03-15T08:00:00Z' where id = $1`, [s[2]]);
    expect((await expectRollupsEqualRaw(a.shopId)).audience.get('2026-03-09')).toMatchObject({ unsubscribed: 1 });
    await q(`update deliveries set status = 'bounced' where shop_id = $1 and subscriber_id = $2`, [a.shopId, s[3]]);
    // An order placed before the click was recorded (out-of-order ingestion) is credited when the click arrives.
    await addOrder(a.shopId, s[3]!, '2026-03-11T10:00:00Z', 1200);
    await expectRollupsEqualRaw(a.shopId);
    await q(`update deliveries set clicked_at = '2026-03-10T10:00:00Z' where shop_id = $1 and subscriber_id = $2`, [a.shopId, s[3]]);
    await expectRollupsEqualRaw(a.shopId);
    await q(`delete from deliveries where shop_id = $1 and channel = 'sms'`, [a.shopId]);
    await q(`delete from orders where shop_id = $1 and total = 900`, [a.shopId]);
    await q(`update subscribers set status = 'subscribed', subscribed_at = '2026-03-12T10:00:00Z' where id = $1`, [s[2]]);
    await expectRollupsEqualRaw(a.shopId);
    // Another attribution rule, then another time zone: every day moves or is credited anew.
    expect((await t.call(api.brand.saveSalesAttribution, { token: a.token, body: { window_days: 2, trigger: 'open' } })).body.code).toBe(100);
    await expectRollupsEqualRaw(a.shopId);
    await q(`update shops set timezone = 'Asia/Shanghai' where id = $1`, [a.shopId]);
    await expectRollupsEqualRaw(a.shopId);
    await q(`update shops set timezone = $2 where id = $1`, [a.shopId, LA]);
    expect((await t.call(api.brand.saveSalesAttribution, { token: a.token, body: { window_days: 5, trigger: 'click' } })).body.code).toBe(100);
    await expectRollupsEqualRaw(a.shopId);
    // Nothing is left marked once recounted.
    expect(await q(`select * from stats_dirty_days where shop_id = $1`, [a.shopId])).toEqual([]);
  });
});

describe('the rollup job', () => {
  it('recounts marked days on its own while it runs', async () => {
    const stop = await rollupJob.start(t.deps, t.app.log);
    try {
      const sub = await addSubscriber(b.shopId, 'job@example.test', '2026-05-05T04:00:00Z');
      await addOrder(b.shopId, sub, '2026-05-05T05:00:00Z', 4200);
      await expect.poll(async () => (await q<{ orders: number }>(
        `select orders from daily_audience_stats where shop_id = $1 and day = '2026-05-05'`, [b.shopId]))[0]?.orders, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => (await q(`select 1 from stats_dirty_days where shop_id = $1`, [b.shopId])).length, { timeout: 15_000 }).toBe(0);
    } finally {
      await stop();
    }
    await q(`delete from orders where shop_id = $1`, [b.shopId]);
    await q(`delete from subscribers where shop_id = $1`, [b.shopId]);
    await recountAllDirty(t.deps.dbh);
  });
});

describe('overview', () => {
  it('reads a range and the one before from the rollups, with rates, ROI, channels, sources and a daily series', async () => {
    const o = await readOverview(t.deps.dbh, shopScope(a.shopId), 'last_month', new Date('2026-04-05T12:00:00Z'));
    expect(o.range).toEqual({ key: 'last_month', start: '2026-03-01', end: '2026-03-31', days: 31 });
    expect(o.previous).toEqual({ start: '2026-01-29', end: '2026-02-28' });
    expect(o.series).toHaveLength(31);
    expect(o.totals).toMatchObject({ sent: 3, delivered: 1, bounced: 2, orders: 2, revenue: 6200, units: 3, new_subscribers: 4 });
    // The volume's list price: the largest pack's price per e-mail in the store's currency.
    expect(o.unit_price).toBeCloseTo(44_900 / 500_000);
    expect(o.totals.cost).toBe(Math.round(3 * unitPriceMinor('USD')));
    expect(o.totals.roi).toBeCloseTo(6200 / (3 * unitPriceMinor('USD')));
    expect(o.totals.open_rate).toBe(1);
    expect(o.by_source.map((x) => x.source)).toEqual(['element', 'segment']);
    expect(o.by_channel.map((x) => x.channel)).toEqual(['email']);
    expect(o.series.reduce((n, d) => n + d.revenue, 0)).toBe(6200);
    expect(o.previous_totals.sent).toBe(0);
    expect(o.empty).toBe(false);
  });

  it('answers over HTTP for every range, empty for a store with no data, and only with its own store\'s numbers', async () => {
    const now = new Date();
    await addDelivery(a.shopId, { strategyId: seg, subscriberId: s[1]!, status: 'sent', sentAt: new Date(now.getTime() - 1000).toISOString() });
    await recountAllDirty(t.deps.dbh);
    for (const range of ['today', 'yesterday', 'this_week', 'last_7_days', 'last_week', 'this_month', 'last_30_days', 'last_month']) {
      const res = await t.call(api.dashboard.overview, { token: a.token, query: { range } });
      expect(res.body.code).toBe(100);
      expect(res.body.data!.range.key).toBe(range);
    }
    const today = await t.call(api.dashboard.overview, { token: a.token, query: { range: 'today' } });
    expect(today.body.data!.range.start).toBe(localDay(now, LA));
    expect(today.body.data!.totals.sent).toBe(1);
    const other = await t.call(api.dashboard.overview, { token: b.token, query: { range: 'today' } });
    expect(other.body.data!.totals.sent).toBe(0);
    expect(other.body.data!.empty).toBe(true);
    expect(other.body.data!.range.start).toBe(localDay(now, 'Asia/Shanghai'));
    const bad = await t.call(api.dashboard.overview, { token: a.token, query: { range: 'last_year' } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const anon = await t.call(api.dashboard.overview, { query: { range: 'today' } });
    expect(anon.body.code).not.toBe(100);
  });

  it('serves /data/order-money and /data/subscribe from the same rollups', async () => {
    const money = await t.call(api.dashboard.orderMoney, { token: a.token, query: { range: 'last_30_days' } });
    expect(money.body.code).toBe(100);
    expect(money.body.data!.series).toHaveLength(30);
    const subs = await t.call(api.dashboard.subscribe, { token: a.token, query: { range: 'this_month' } });
    expect(subs.body.code).toBe(100);
    expect(subs.body.data!.series[0]!.day).toBe(subs.body.data!.start);
  });
});

describe('goals', () => {
  it('saves and reads this month\'s goals per store, with progress and advice when behind', async () => {
    const empty = await t.call(api.dashboard.goals, { token: a.token });
    expect(empty.body.data!.goals).toEqual({ revenue: 0, subscribers: 0, sends: 0 });
    expect(empty.body.data!.recommendations).toEqual([]);
    const saved = await t.call(api.dashboard.saveGoals, { token: a.token, body: { revenue: 1_000_000_00, subscribers: 100_000, sends: 1_000_000 } });
    expect(saved.body.code).toBe(100);
    const read = await t.call(api.dashboard.goals, { token: a.token });
    expect(read.body.data!.goals).toEqual({ revenue: 1_000_000_00, subscribers: 100_000, sends: 1_000_000 });
    expect(read.body.data!.progress.sends).toBe(1);
    expect(read.body.data!.behind).toEqual(['revenue', 'subscribers', 'sends']);
    expect(read.body.data!.recommendations).toEqual([
      { key: 'smart_send', link: '/automation' }, { key: 'segment_send', link: '/tags' }, { key: 'popup', link: '/popup' },
    ]);
    const other = await t.call(api.dashboard.goals, { token: b.token });
    expect(other.body.data!.goals).toEqual({ revenue: 0, subscribers: 0, sends: 0 });
    const bad = await t.call(api.dashboard.saveGoals, { token: a.token, body: { revenue: -1, subscribers: 1.5, sends: 1e20 } });
    expect(bad.status).toBe(400);
  });

  it('takes the month in the store\'s time zone', async () => {
    // 2026-04-01T03:00Z is still March in Los Angeles and already April in Shanghai.
    const at = new Date('2026-04-01T03:00:00Z');
    expect((await readGoals(t.deps.dbh.db, shopScope(a.shopId), at)).month).toBe('2026-03-01');
    expect((await readGoals(t.deps.dbh.db, shopScope(b.shopId), at)).month).toBe('2026-04-01');
  });
});
