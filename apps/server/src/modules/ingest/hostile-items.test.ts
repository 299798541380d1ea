import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/**
 * A batch with a hostile item among good ones: the hostile item is rejected by its index with a
 * reason, the others are all kept. Before, such an item failed the whole request with a 500 while
 * the items before it were already committed.
 */
let t: TestApp;
let admin: string;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signUp(t)).token;
  key = (await t.call(api.apiToken.create, { token: admin, body: { name: 'ERP' } })).body.data.token;
});
afterAll(() => t.close());

const deep = (n: number) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const customer = (id: string, extra: Record<string, unknown> = {}) => ({ id, email: `${id}@hostile.example.com`, accepts_marketing: true, ...extra });
const emails = async () => (await t.call(api.audience.subscriberList, { token: admin, query: { page_size: '200' } })).body.data.items.map((s) => s.email).sort();

describe('hostile items in an ingestion batch', () => {
  it('customers: NUL, lone surrogates and bad keys are rejected by index, the rest kept', async () => {
    const res = await t.call(api.ingest.customers, {
      token: key,
      body: {
        customers: [
          customer('c0'),
          customer('c1', { first_name: 'Ann\u0000' }),
          customer('c2', { last_name: 'B\ud800' }),
          customer('c3'),
          customer('c4', { attributes: { 'k\u0000': 'v' } }),
          customer('c5', { attributes: { size: 2 ** 53 + 2 } }),
          customer('c6'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ received: 7, created: 3 });
    expect(res.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 4, 5]);
    expect(res.body.data.rejected[0]!.reason).toBe('first_name: Contains characters that cannot be saved (a NUL or a broken Unicode character).');
    expect(await emails()).toEqual(['c0@hostile.example.com', 'c3@hostile.example.com', 'c6@hostile.example.com']);
  });

  it('orders: numbers beyond the columns and impossible dates are rejected by index', async () => {
    const order = (id: string, extra: Record<string, unknown> = {}) => ({
      id, email: 'c0@hostile.example.com', currency: 'USD', total: 1000, placed_at: '2024-05-01T10:00:00Z',
      items: [{ product_id: 'p1', title: 'Tea', quantity: 1, price: 1000 }], ...extra,
    });
    const res = await t.call(api.ingest.orders, {
      token: key,
      lang: 'zh-CN',
      body: {
        orders: [
          order('o0'),
          order('o1', { items: [{ product_id: 'p1', quantity: 2 ** 31, price: 1 }] }),
          order('o2', { total: 2 ** 53 + 2 }),
          order('o3', { currency: '\u0000\u0000\u0000' }),
          order('o4', { placed_at: '0000-01-01T00:00:00Z' }),
          order('o5'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    expect(res.body.data.created).toBe(2);
    expect(res.body.data.rejected[0]!.reason).toMatch(/^items\.0\.quantity: 数值不能大于 2147483647。$/);
  });

  it('events: hostile properties are rejected by index', async () => {
    const event = (id: string, extra: Record<string, unknown> = {}) => ({
      id, email: 'c0@hostile.example.com', type: 'viewed_product', occurred_at: '2024-05-02T10:00:00Z', ...extra,
    });
    const res = await t.call(api.ingest.events, {
      token: key,
      body: {
        events: [
          event('e0', { properties: { sku: 'A1' } }),
          event('e1', { properties: { note: 'x\u0000y' } }),
          event('e2', { properties: deep(100) }),
          event('e3', { subject: '\udfff' }),
          event('e4'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(res.body.data.created).toBe(2);
    expect(res.body.data.rejected[1]!.reason).toMatch(/nested too deeply/);
  });
  it('products: NUL, huge stock, unknown currency and no price are rejected by index', async () => {
    const product = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Tea ${id}`, currency: 'USD', price: 1000, ...extra });
    const res = await t.call(api.catalogue.ingest, {
      token: key,
      body: {
        products: [
          product('p0'),
          product('p1', { title: 'T\u0000ea' }),
          product('p2', { stock: 2 ** 31 }),
          product('p3', { currency: 'ZZZ' }),
          product('p4', { price: undefined }),
          product('p5', { variants: [{ id: 'v1', price: 2 ** 53 + 2 }] }),
          product('p6', { tags: ['\ud800'] }),
          product('p7', { variants: [{ id: 'v1', price: 10, stock: 2 ** 31 - 1 }, { id: 'v2', price: 20, stock: 2 ** 31 - 1 }], stock: undefined }),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(res.body.data.created).toBe(2);
    expect(res.body.data.rejected[2]!.reason).toBe('currency: Unknown currency; use an ISO 4217 code such as USD.');
    expect(res.body.data.rejected[3]!.reason).toBe('price: A product without variants needs a price.');
  });
});
