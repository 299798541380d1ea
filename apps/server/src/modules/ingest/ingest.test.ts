import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
let admin: string;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signUp(t)).token;
  const made = await t.call(api.apiToken.create, { token: admin, body: { name: 'ERP' } });
  key = made.body.data.token;
});
afterAll(() => t.close());

const push = <R extends Parameters<TestApp['call']>[0]>(route: R, body: Record<string, unknown>, lang = 'en-US') => t.call(route, { token: key, body, lang });
const find = async (q: string) => (await t.call(api.audience.subscriberList, { token: admin, query: { q } })).body.data.items;
const detail = async (id: number) => (await t.call(api.audience.subscriberDetail, { token: admin, query: { id: String(id) } })).body.data;

describe('API tokens', () => {
  it('shows the full token once and only its prefix afterwards', async () => {
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const list = await t.call(api.apiToken.list, { token: admin });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ name: 'ERP', prefix: key.slice(0, 10), revoked: false, last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(12));
  });

  it('needs a name, in both languages', async () => {
    expect((await t.call(api.apiToken.create, { token: admin, body: { name: ' ' } })).body).toMatchObject({ code: 103, msg: 'Please name the token.' });
    expect((await t.call(api.apiToken.create, { token: admin, body: { name: '' }, lang: 'zh-CN' })).body).toMatchObject({ code: 103, msg: '请为令牌命名。' });
  });

  it('refuses a missing, wrong or admin token with 401 and code 101', async () => {
    for (const token of [undefined, 'sk_wrong', admin]) {
      const res = await t.call(api.ingest.events, { token, body: { events: [] } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 101, msg: 'The API token is missing, wrong or revoked.' });
    }
    const zh = await t.call(api.ingest.customers, { token: 'sk_x', body: { customers: [{ id: '1' }] }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('API 令牌缺失、错误或已撤销。');
  });

  it('an API token is not an admin session', async () => {
    const res = await t.call(api.audience.tagList, { token: key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(102);
  });

  it('revoking stops the token at once and records its last use', async () => {
    const other = (await t.call(api.apiToken.create, { token: admin, body: { name: 'Old' } })).body.data;
    expect((await t.call(api.ingest.customers, { token: other.token, body: { customers: [{ id: 'rev-1' }] } })).body.code).toBe(100);
    const used = (await t.call(api.apiToken.list, { token: admin })).body.data.find((x) => x.id === other.id)!;
    expect(used.last_used_at).not.toBeNull();
    expect((await t.call(api.apiToken.revoke, { token: admin, body: { id: other.id } })).body.code).toBe(100);
    const res = await t.call(api.ingest.customers, { token: other.token, body: { customers: [{ id: 'rev-2' }] } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(101);
    expect((await t.call(api.apiToken.list, { token: admin })).body.data.find((x) => x.id === other.id)!.revoked).toBe(true);
  });
});

describe('ingestion', () => {
  it('upserts customers, subscribing those who accept marketing, and reports bad items by index', async () => {
    const body = {
      customers: [
        { id: 'c1', email: 'Cara@Shop.test', first_name: 'Cara', accepts_marketing: true, attributes: { tier: 'gold' } },
        { id: 'c2', email: 'quiet@shop.test', accepts_marketing: false },
        { id: 'c3', email: 'not-an-email', accepts_marketing: true },
        { email: 'noid@shop.test' },
        { id: 'c5', phone: '+15550009999', accepts_marketing: true },
      ],
    };
    const res = await push(api.ingest.customers, body);
    expect(res.body.data).toEqual({
      received: 5, created: 3, updated: 0,
      rejected: [{ index: 2, reason: 'email: Invalid e-mail address.' }, { index: 3, reason: expect.stringContaining('id') }],
    });
    const again = await push(api.ingest.customers, body);
    expect(again.body.data).toMatchObject({ received: 5, created: 0, updated: 3 });
    const zh = await push(api.ingest.customers, body, 'zh-CN');
    expect(zh.body.data.rejected[0]).toEqual({ index: 2, reason: 'email: 邮箱格式不正确。' });
    const [cara] = await find('cara@');
    expect(cara).toMatchObject({ email: 'cara@shop.test', first_name: 'Cara', source: 'api', status: 'subscribed' });
    expect((await detail(cara!.id))).toMatchObject({ attributes: { tier: 'gold' }, consent: { source: 'api' } });
    expect(await find('quiet@')).toEqual([]);
    expect(await find('+1555000999')).toHaveLength(1);
  });

  it('refuses a batch of the wrong shape as a whole', async () => {
    const res = await push(api.ingest.customers, { customers: [] });
    expect(res.body.code).toBe(103);
    expect((await push(api.ingest.orders, { nothing: true })).body.code).toBe(103);
  });

  it('upserts orders with items, recomputes totals idempotently', async () => {
    const order = {
      id: 'o-100', customer_id: 'c1', currency: 'usd', total: 4200, placed_at: new Date(Date.now() - 86_400_000).toISOString(),
      items: [{ product_id: 'tea-1', title: 'Tea', quantity: 2, price: 2100 }],
    };
    const first = await push(api.ingest.orders, { orders: [order, { ...order, id: 'o-101', customer_id: undefined, email: 'cara@shop.test', total: 800, items: [] }, { id: 'bad' }] });
    expect(first.body.data).toMatchObject({ received: 3, created: 2, updated: 0, rejected: [{ index: 2 }] });
    const second = await push(api.ingest.orders, { orders: [order] });
    expect(second.body.data).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const [cara] = await find('cara@');
    let d = await detail(cara!.id);
    expect(d).toMatchObject({ order_count: 2, total_spent: 5000, activity_level: 'A' });
    expect(d.orders.find((o) => o.id === 'o-100')).toMatchObject({ total: 4200, currency: 'USD', items: 2 });
    // An update replaces the items and the amounts; a refund leaves the totals.
    await push(api.ingest.orders, { orders: [{ ...order, total: 1000, items: [{ product_id: 'mug', quantity: 1, price: 1000 }] }] });
    await push(api.ingest.orders, { orders: [{ ...order, id: 'o-101', customer_id: undefined, email: 'cara@shop.test', total: 800, status: 'refunded' }] });
    d = await detail(cara!.id);
    expect(d).toMatchObject({ order_count: 1, total_spent: 1000 });
    expect(d.orders.find((o) => o.id === 'o-100')!.items).toBe(1);
    const seg = await t.call(api.audience.segmentCount, { token: admin, body: { match: 'all', conditions: [{ field: 'behavior', event: 'purchased', op: 'did', days: 7, subject: 'mug' }] } });
    expect(seg.body.data.count).toBe(1);
  });

  it('records events once by id and moves the last open and click', async () => {
    const [cara] = await find('cara@');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const batch = {
      events: [
        { id: 'e1', email: 'cara@shop.test', type: 'opened', occurred_at: at },
        { id: 'e2', customer_id: 'c1', type: 'viewed_product', occurred_at: at, subject: 'tea-1' },
        { id: 'e3', email: 'ghost@shop.test', type: 'opened', occurred_at: at },
        { id: 'e4', email: 'cara@shop.test', type: 'teleported', occurred_at: at },
      ],
    };
    const res = await push(api.ingest.events, batch);
    expect(res.body.data).toEqual({
      received: 4, created: 2, updated: 0,
      rejected: [{ index: 2, reason: 'No subscriber matches this e-mail address or customer id.' }, { index: 3, reason: expect.stringContaining('type') }],
    });
    expect((await push(api.ingest.events, batch)).body.data).toMatchObject({ created: 0 });
    const d = await detail(cara!.id);
    expect(d.events).toHaveLength(2);
    expect(d.activity_level).toBe('S');
    const opened = await t.call(api.audience.segmentCount, { token: admin, body: { match: 'all', conditions: [{ field: 'behavior', event: 'opened', op: 'did', days: 1 }] } });
    expect(opened.body.data.count).toBe(1);
  });

  it('keeps each store\'s data to itself', async () => {
    const b = await signUp(t);
    const bKey = (await t.call(api.apiToken.create, { token: b.token, body: { name: 'B' } })).body.data.token;
    // B's token with A's customer ids and e-mails creates B's own records, never touches A's.
    const ev = await t.call(api.ingest.events, { token: bKey, body: { events: [{ id: 'e1', email: 'cara@shop.test', type: 'opened', occurred_at: new Date().toISOString() }] } });
    expect(ev.body.data.rejected).toHaveLength(1);
    await t.call(api.ingest.orders, { token: bKey, body: { orders: [{ id: 'o-100', customer_id: 'c1', currency: 'USD', total: 99999, placed_at: new Date().toISOString() }] } });
    const [cara] = await find('cara@');
    expect(await detail(cara!.id)).toMatchObject({ order_count: 1, total_spent: 1000 });
    expect((await t.call(api.audience.subscriberList, { token: b.token, query: {} })).body.data.total).toBe(0);
  });
});
