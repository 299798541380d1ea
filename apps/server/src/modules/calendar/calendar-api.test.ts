import { api } from '@storecast/contract';
import { shops, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { addSubscribers, ALL, DOC } from '../delivery/test/fixtures.ts';

/**
 * The marketing calendar: plans of a month, SPEC 5's field limits in both languages, a Segment
 * Send started from a plan, the market's holidays; and the activity log every write leaves.
 */
let t: TestApp;
let a: { token: string; shopId: string; account: string };
let b: { token: string; shopId: string; account: string };

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Calendar A' });
  b = await signUp(t, { name: 'Calendar B' });
});
afterAll(() => t.close());

const plan = (extra: Record<string, unknown> = {}) => ({
  starts_on: '2026-11-20', ends_on: '2026-11-30', holiday: 'Black Friday', purpose: 'Clear winter stock', audience: 'All subscribers',
  offer: '20% off', strength: 'large', remarks: '', ...extra,
});

describe('marketing calendar', () => {
  let id = '';
  it('saves a plan and lists it in every month it overlaps', async () => {
    const saved = await t.call(api.calendar.save, { token: a.token, body: plan({ ends_on: '2026-12-02' }) });
    expect(saved.body.code, saved.body.msg).toBe(100);
    expect(saved.body.msg).toBe('The marketing plan is saved.');
    id = saved.body.data.id;
    expect(saved.body.data).toMatchObject({ holiday: 'Black Friday', strength: 'large', strategy_id: null, starts_on: '2026-11-20' });
    for (const month of ['2026-11', '2026-12']) {
      const list = await t.call(api.calendar.plans, { token: a.token, query: { month } });
      expect(list.body.data.map((p) => p.id)).toEqual([id]);
    }
    const oct = await t.call(api.calendar.plans, { token: a.token, query: { month: '2026-10' } });
    expect(oct.body.data).toEqual([]);
    const updated = await t.call(api.calendar.save, { token: a.token, body: plan({ id, offer: '30% off' }) });
    expect(updated.body.data).toMatchObject({ id, offer: '30% off', ends_on: '2026-11-30' });
  });

  it('refuses SPEC 5 violations with localised messages', async () => {
    const long = await t.call(api.calendar.save, { token: a.token, body: plan({ purpose: 'x'.repeat(51) }) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('At most 50 characters.');
    const remarks = await t.call(api.calendar.save, { token: a.token, lang: 'zh-CN', body: plan({ remarks: 'x'.repeat(101) }) });
    expect(remarks.body.msg).toBe('备注最多 100 个字符。');
    const order = await t.call(api.calendar.save, { token: a.token, body: plan({ starts_on: '2026-12-01', ends_on: '2026-11-01' }) });
    expect(order.body.msg).toBe("The end date can't be before the start date.");
    const orderZh = await t.call(api.calendar.save, { token: a.token, lang: 'zh-CN', body: plan({ holiday: '' }) });
    expect(orderZh.body.msg).toBe('请输入节日。');
    const badDay = await t.call(api.calendar.save, { token: a.token, body: plan({ starts_on: '2026-02-30' }) });
    expect(badDay.body.msg).toBe('Choose a valid date.');
    const strength = await t.call(api.calendar.save, { token: a.token, body: plan({ strength: 'huge' }) });
    expect(strength.status).toBe(400);
    const month = await t.call(api.calendar.plans, { token: a.token, query: { month: '2026-13' } });
    expect(month.status).toBe(400);
  });

  it('starts a draft Segment Send from a plan once, named after it', async () => {
    const started = await t.call(api.calendar.startSend, { token: a.token, body: { id } });
    expect(started.body.code, started.body.msg).toBe(100);
    expect(started.body.data.name).toBe('Black Friday · Clear winter stock');
    const detail = await t.call(api.strategy.detail, { token: a.token, query: { id: started.body.data.strategy_id } });
    expect(detail.body.data).toMatchObject({ status: 'draft', name: 'Black Friday · Clear winter stock', kind: 'segment' });
    const again = await t.call(api.calendar.startSend, { token: a.token, body: { id } });
    expect(again.body.data.strategy_id).toBe(started.body.data.strategy_id);
    const list = await t.call(api.calendar.plans, { token: a.token, query: { month: '2026-11' } });
    expect(list.body.data[0]!.strategy_id).toBe(started.body.data.strategy_id);
    // The linked send deleted, the plan starts a new one.
    await t.deps.dbh.db.delete(strategies).where(eq(strategies.id, started.body.data.strategy_id));
    const fresh = await t.call(api.calendar.startSend, { token: a.token, body: { id }, lang: 'zh-CN' });
    expect(fresh.body.data.strategy_id).not.toBe(started.body.data.strategy_id);
    expect(fresh.body.msg).toBe('已创建分群发送草稿。');
  });

  it("keeps plans to their store: another store's id is not found and never listed", async () => {
    const list = await t.call(api.calendar.plans, { token: b.token, query: { month: '2026-11' } });
    expect(list.body.data).toEqual([]);
    for (const route of [api.calendar.startSend, api.calendar.delete]) {
      const res = await t.call(route, { token: b.token, body: { id } });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('The marketing plan does not exist.');
    }
    const edit = await t.call(api.calendar.save, { token: b.token, body: plan({ id }) });
    expect(edit.status).toBe(404);
    const bad = await t.call(api.calendar.delete, { token: a.token, body: { id: 'not-a-uuid' } });
    expect(bad.status).toBe(404);
  });

  it("pre-fills the holidays of the store's market in the caller's language", async () => {
    // The signed-up store sells in USD: the US market.
    const us = await t.call(api.calendar.holidays, { token: a.token, query: { month: '2026-11' } });
    expect(us.body.data.market).toBe('US');
    expect(us.body.data.items).toEqual(expect.arrayContaining([
      { id: 'thanksgiving', date: '2026-11-26', name: 'Thanksgiving' },
      { id: 'black-friday', date: '2026-11-27', name: 'Black Friday' },
      { id: 'cyber-monday', date: '2026-11-30', name: 'Cyber Monday' },
    ]));
    const may = await t.call(api.calendar.holidays, { token: a.token, query: { month: '2026-05' }, lang: 'zh-CN' });
    expect(may.body.data.items).toEqual(expect.arrayContaining([{ id: 'mothers-day', date: '2026-05-10', name: '母亲节' }]));
    await t.deps.dbh.db.update(shops).set({ currency: 'CNY' }).where(eq(shops.id, b.shopId));
    const cn = await t.call(api.calendar.holidays, { token: b.token, query: { month: '2026-02' }, lang: 'zh-CN' });
    expect(cn.body.data.market).toBe('CN');
    expect(cn.body.data.items).toEqual(expect.arrayContaining([{ id: 'spring-festival', date: '2026-02-17', name: '春节' }]));
    const cnEn = await t.call(api.calendar.holidays, { token: b.token, query: { month: '2026-09' } });
    expect(cnEn.body.data.items).toEqual(expect.arrayContaining([{ id: 'mid-autumn', date: '2026-09-25', name: 'Mid-Autumn Festival' }]));
  });

  it('logs every write with actor and target, newest first, and only for its store', async () => {
    // A send by the owner: a Segment Send saved with "send now".
    await seedVerifiedSender(t.deps.dbh, a.shopId);
    await addSubscribers(t.deps.dbh, a.shopId, 3);
    const sent = await t.call(api.strategy.save, {
      token: a.token, body: { name: 'Weekly news', title: 'News', segment_ids: [ALL], content: DOC, send_mode: 'now' },
    });
    expect(sent.body.code, sent.body.msg).toBe(100);
    expect(sent.body.data.status).toBe('sending');
    const del = await t.call(api.calendar.save, { token: a.token, body: plan({ holiday: 'To delete' }) });
    const gone = await t.call(api.calendar.delete, { token: a.token, body: { id: del.body.data.id } });
    expect(gone.body.code).toBe(100);
    const logs = await t.call(api.activity.logs, { token: a.token, query: { page_size: '50' } });
    expect(logs.body.code, logs.body.msg).toBe(100);
    const items = logs.body.data.items;
    expect(items[0]).toMatchObject({
      action: 'notices.activity.calendar.delete', action_label: 'Deleted a marketing plan', actor: a.account,
      target_type: 'calendar', target_id: del.body.data.id,
    });
    expect(items[1]).toMatchObject({ action: 'notices.activity.calendar.save', target_name: 'To delete' });
    expect(items.some((i) => i.action === 'notices.activity.calendar.startSend' && i.target_name === 'Black Friday · Clear winter stock')).toBe(true);
    expect(items.find((i) => i.action === 'notices.activity.strategy.save')).toMatchObject({
      actor: a.account, action_label: 'Saved a Segment Send', target_type: 'strategy', target_id: sent.body.data.id, target_name: 'Weekly news',
    });
    // Refused writes (the 400s above) left nothing.
    expect(items.filter((i) => i.action === 'notices.activity.calendar.save')).toHaveLength(3);
    const times = items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const zh = await t.call(api.activity.logs, { token: a.token, lang: 'zh-CN', query: { action: 'notices.activity.calendar.delete' } });
    expect(zh.body.data.items.map((i) => i.action_label)).toEqual(['删除营销计划']);
    expect(zh.body.data.actions).toEqual(expect.arrayContaining([{ key: 'notices.activity.calendar.save', label: '保存营销计划' }]));

    const paged = await t.call(api.activity.logs, { token: a.token, query: { page: '2', page_size: '2' } });
    expect(paged.body.data).toMatchObject({ page: 2, page_size: 2, total: items.length });
    expect(paged.body.data.items.map((i) => i.id)).toEqual(items.slice(2, 4).map((i) => i.id));

    // Days in the store's zone (Asia/Shanghai): a day either side of UTC's covers now.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const past = await t.call(api.activity.logs, { token: a.token, query: { from: '2020-01-01', to: yesterday } });
    expect(past.body.data.total).toBe(0);
    const recent = await t.call(api.activity.logs, { token: a.token, query: { from: yesterday, to: tomorrow } });
    expect(recent.body.data.total).toBeGreaterThan(0);

    const other = await t.call(api.activity.logs, { token: b.token, query: {} });
    expect(other.body.data.items.every((i) => i.actor === b.account)).toBe(true);
    expect(JSON.stringify(other.body.data)).not.toContain(a.account);
  });
});
