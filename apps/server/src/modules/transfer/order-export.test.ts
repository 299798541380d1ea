import * as XLSX from '@e965/xlsx';
import { api, ORDER_DOWNLOAD_PATH } from '@storecast/contract';
import { deliveries, flows, flowSteps, flowVersions, orderItems, orders, strategies, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/**
 * /order/export: the store's orders of a range of days in its time zone (Asia/Shanghai), with
 * their attribution by the store's rule (a click within 5 days by default), as CSV and xlsx,
 * through the e-mail list's export jobs; the 31-day refusal; nothing of another store.
 */
let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  a = await signUp(t, { name: 'Orders A' });
  b = await signUp(t, { name: 'Orders B' });
  const { db } = t.deps.dbh;
  const [ann, bob, cat] = await db.insert(subscribers).values([
    { shopId: a.shopId, email: 'ann@example.com', source: 'manual' },
    { shopId: a.shopId, email: 'bob@example.com', source: 'manual' },
    { shopId: b.shopId, email: 'cat@example.com', source: 'manual' },
  ]).returning();
  const [send] = await db.insert(strategies).values({
    shopId: a.shopId, name: 'March =SUM(A1)', utm: { source: 'storecast', medium: 'email', campaign: '' }, status: 'completed',
  }).returning();
  const [flow] = await db.insert(flows).values({ shopId: a.shopId, kind: 'welcome', draft: {} }).returning();
  const [version] = await db.insert(flowVersions).values({ shopId: a.shopId, flowId: flow!.id, number: 1, definition: {} }).returning();
  const [step] = await db.insert(flowSteps).values({ shopId: a.shopId, flowId: flow!.id, versionId: version!.id, key: 's1', type: 'sms', config: {} }).returning();
  await db.insert(deliveries).values([
    { shopId: a.shopId, strategyId: send!.id, subscriberId: ann!.id, email: 'ann@example.com', status: 'sent', clickedAt: at('2026-03-01T02:00:00Z') },
    { shopId: a.shopId, strategyId: step!.id, subscriberId: bob!.id, channel: 'sms', phone: '+15550000001', status: 'sent', clickedAt: at('2026-03-09T00:00:00Z') },
  ]);
  const placed = await db.insert(orders).values([
    // 2026-03-02 08:00 in Shanghai, a day after Ann's click: attributed to the Segment Send.
    { shopId: a.shopId, externalId: '#1001', subscriberId: ann!.id, email: 'ann@example.com', currency: 'USD', total: 123456, placedAt: at('2026-03-02T00:00:00Z') },
    // Bob's order a day after his SMS click: attributed to the welcome flow.
    { shopId: a.shopId, externalId: '#1002', subscriberId: bob!.id, email: 'bob@example.com', currency: 'USD', total: 500, placedAt: at('2026-03-10T00:00:00Z') },
    // Ten days after the click: outside the 5-day window.
    { shopId: a.shopId, externalId: '#1003', subscriberId: ann!.id, email: 'ann@example.com', currency: 'USD', total: 900, placedAt: at('2026-03-11T00:00:00Z') },
    // 2026-02-28 23:30 UTC is 2026-03-01 07:30 in Shanghai: inside March for the store.
    { shopId: a.shopId, externalId: '#1004', email: '=HYPERLINK("x")', currency: 'USD', total: 100, placedAt: at('2026-02-28T23:30:00Z') },
    // 2026-03-31 17:00 UTC is April 1st in Shanghai: outside.
    { shopId: a.shopId, externalId: '#1005', email: 'late@example.com', currency: 'USD', total: 100, placedAt: at('2026-03-31T17:00:00Z') },
    { shopId: b.shopId, externalId: '#B1', subscriberId: cat!.id, email: 'cat@example.com', currency: 'USD', total: 100, placedAt: at('2026-03-05T00:00:00Z') },
  ]).returning();
  await db.insert(orderItems).values([
    { shopId: a.shopId, orderId: placed[0]!.id, productId: 'p1', quantity: 2, price: 1000 },
    { shopId: a.shopId, orderId: placed[0]!.id, productId: 'p2', quantity: 1, price: 1000 },
  ]);
});
afterAll(() => t.close());

const download = (token: string, id: string) =>
  t.app.inject({ url: `/api${ORDER_DOWNLOAD_PATH}?id=${id}`, headers: { authorization: `Bearer ${token}` } });

async function waitForExport(token: string, id: string) {
  for (let i = 0; i < 300; i++) {
    const res = await t.call(api.orders.exportDetail, { token, query: { id } });
    if (res.body.code !== 100) throw new Error(res.body.msg);
    if (res.body.data.status !== 'in_progress') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('order export did not finish');
}

const march = { from: '2026-03-01', to: '2026-03-31' };

describe('order export', () => {
  it("refuses more than 31 days with SPEC's message, in both languages", async () => {
    const en = await t.call(api.orders.exportStart, { token: a.token, body: { format: 'csv', from: '2026-03-01', to: '2026-04-01' } });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe("Export time can't exceed 31 days.");
    const zh = await t.call(api.orders.exportStart, { token: a.token, lang: 'zh-CN', body: { format: 'csv', from: '2026-03-02', to: '2026-03-01' } });
    expect(zh.body.msg).toBe('导出时间不能超过 31 天。');
  });

  let csvId = '';
  it('writes the CSV of the range in the store time zone with attribution, neutralised', async () => {
    const res = await t.call(api.orders.exportStart, { token: a.token, body: { format: 'csv', ...march } });
    expect(res.body.code, res.body.msg).toBe(100);
    csvId = res.body.data.export_id;
    const rec = await waitForExport(a.token, csvId);
    expect(rec).toMatchObject({ status: 'completed', format: 'csv', total_rows: 4, processed_rows: 4, ...march });
    const file = await download(a.token, csvId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('orders-');
    const lines = file.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('order_id,placed_at,customer_email,status,currency,total,total_minor,items,attributed,attributed_send,send_type,channel');
    expect(lines.slice(1)).toEqual([
      '#1001,2026-03-02 08:00:00,ann@example.com,paid,USD,"$1,234.56",123456,3,yes,March =SUM(A1),segment,email',
      '#1002,2026-03-10 08:00:00,bob@example.com,paid,USD,$5.00,500,0,yes,Welcome series,flow,sms',
      '#1003,2026-03-11 08:00:00,ann@example.com,paid,USD,$9.00,900,0,no,,,',
      '#1004,2026-03-01 07:30:00,"\'=HYPERLINK(""x"")",paid,USD,$1.00,100,0,no,,,',
    ]);
    expect(file.body).not.toContain('#1005');
    expect(file.body).not.toContain('cat@example.com');
  });

  it('writes xlsx in the caller language, and lists order exports apart from the e-mail list', async () => {
    const res = await t.call(api.orders.exportStart, { token: a.token, lang: 'zh-CN', body: { format: 'xlsx', from: '2026-03-10', to: '2026-03-10' } });
    const rec = await waitForExport(a.token, res.body.data.export_id);
    expect(rec.status).toBe('completed');
    const file = await download(a.token, res.body.data.export_id);
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.Orders!, { header: 1 });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['#1002', '2026-03-10 08:00:00', 'bob@example.com', 'paid', 'USD', '$5.00', '500', '0', '是', '欢迎新订阅者', 'flow', 'sms']);
    const list = await t.call(api.orders.exportList, { token: a.token });
    expect(list.body.data.map((r) => r.id)).toEqual([res.body.data.export_id, csvId]);
    const subscriberExports = await t.call(api.audience.exportList, { token: a.token });
    expect(subscriberExports.body.data).toEqual([]);
  });

  it("never shows or serves another store's export", async () => {
    expect((await download(b.token, csvId)).statusCode).toBe(404);
    const detail = await t.call(api.orders.exportDetail, { token: b.token, query: { id: csvId } });
    expect(detail.status).toBe(404);
    expect((await t.call(api.orders.exportList, { token: b.token })).body.data).toEqual([]);
    // Not through the e-mail list's routes either.
    const asList = await t.app.inject({ url: `/api/export/download?id=${csvId}`, headers: { authorization: `Bearer ${a.token}` } });
    expect(asList.statusCode).toBe(404);
    const res = await t.call(api.orders.exportStart, { token: b.token, body: { format: 'csv', ...march } });
    await waitForExport(b.token, res.body.data.export_id);
    const file = await download(b.token, res.body.data.export_id);
    expect(file.body).toContain('#B1');
    expect(file.body).not.toContain('ann@example.com');
    const [row] = await t.deps.dbh.db.select().from(orders).where(eq(orders.externalId, '#B1'));
    expect(row?.shopId).toBe(b.shopId);
  });
});
