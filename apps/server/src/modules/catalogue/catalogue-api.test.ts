import { api } from '@storecast/contract';
import { products } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
let admin: string;
let other: string;

const product = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ id, title, currency: 'USD', price: 1000, ...extra });

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signUp(t)).token;
  other = (await signUp(t)).token;
  const key = (await t.call(api.apiToken.create, { token: admin, body: { name: 'ERP' } })).body.data.token;
  const otherKey = (await t.call(api.apiToken.create, { token: other, body: { name: 'ERP' } })).body.data.token;
  const batch = [
    product('1001', 'Green Tea', { handle: 'green-tea', collection: 'Teas', updated_at: '2024-01-01T00:00:00Z', variants: [{ id: 'a', price: 1000 }, { id: 'b', price: 1200 }] }),
    product('1002', 'Green Tea Pot', { handle: 'GREEN-POT', collection: 'Ware', updated_at: '2024-01-02T00:00:00Z' }),
    product('1003', 'Black Tea', { handle: 'black', collection: 'Teas', status: 'draft', updated_at: '2024-01-03T00:00:00Z' }),
    product('1004', '100% Cotton_Bag', { handle: 'bag', updated_at: '2024-01-04T00:00:00Z' }),
    product('1005', 'Old Cup', { handle: 'old-cup', status: 'archived', updated_at: '2024-01-05T00:00:00Z' }),
    // Same instant as 1005: the id breaks the tie.
    product('1006', 'Saucer', { handle: '1001', updated_at: '2024-01-05T00:00:00Z' }),
  ];
  expect((await t.call(api.catalogue.ingest, { token: key, body: { products: batch } })).body.data.created).toBe(6);
  const theirs = [product('9001', 'Green Tea Secret', { handle: 'secret-tea' })];
  expect((await t.call(api.catalogue.ingest, { token: otherKey, body: { products: theirs } })).body.data.created).toBe(1);
});
afterAll(() => t.close());

const list = async (query: Record<string, string>, token = admin) => (await t.call(api.catalogue.list, { token, query })).body.data;
const ids = async (query: Record<string, string>, token = admin) => (await list(query, token)).items.map((p) => p.id);

describe('GET /product/list', () => {
  it('lists the newest change first, the id breaking ties, with the variant count', async () => {
    const all = await list({});
    expect(all.total).toBe(6);
    expect(all.items.map((p) => p.id)).toEqual(['1006', '1005', '1004', '1003', '1002', '1001']);
    expect(all.items.at(-1)).toMatchObject({ variants: 2, price: 1000, handle: 'green-tea', collection: 'Teas' });
  });

  it('searches the id exactly, the handle in any case exactly and the title prefix in any case', async () => {
    expect(await ids({ q: '1002' })).toEqual(['1002']);
    expect(await ids({ q: '100' })).toEqual(['1004']);
    expect(await ids({ q: 'green-pot' })).toEqual(['1002']);
    expect(await ids({ q: 'green-' })).toEqual([]);
    expect(await ids({ q: 'gReEn tea' })).toEqual(['1002', '1001']);
    expect(await ids({ q: 'tea' })).toEqual([]);
    // The id and another product's identical handle both match.
    expect(await ids({ q: '1001' })).toEqual(['1006', '1001']);
  });

  it('takes LIKE characters literally', async () => {
    expect(await ids({ q: '100%' })).toEqual(['1004']);
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ q: '_' })).toEqual([]);
    expect(await ids({ q: '100% cotton_' })).toEqual(['1004']);
    expect(await ids({ q: '100% cotton%' })).toEqual([]);
  });

  it('filters by collection and status', async () => {
    expect(await ids({ collection: 'Teas' })).toEqual(['1003', '1001']);
    expect(await ids({ status: 'draft' })).toEqual(['1003']);
    expect(await ids({ collection: 'Teas', status: 'active' })).toEqual(['1001']);
    expect(await ids({ q: 'green', collection: 'Ware' })).toEqual(['1002']);
  });

  it('pages on the server with the total', async () => {
    const p1 = await list({ page_size: '4', page: '1' });
    const p2 = await list({ page_size: '4', page: '2' });
    const p3 = await list({ page_size: '4', page: '3' });
    expect([p1.total, p2.total, p3.total]).toEqual([6, 6, 6]);
    expect(p1.items.map((p) => p.id)).toEqual(['1006', '1005', '1004', '1003']);
    expect(p2.items.map((p) => p.id)).toEqual(['1002', '1001']);
    expect(p3.items).toEqual([]);
    expect((await t.call(api.catalogue.list, { token: admin, query: { page_size: '101' } })).body.code).toBe(103);
  });

  it('never shows another store\'s products', async () => {
    expect(await ids({ q: 'secret-tea' })).toEqual([]);
    expect(await ids({ q: '9001' })).toEqual([]);
    expect(await ids({ q: 'green tea s' })).toEqual([]);
    expect(await ids({}, other)).toEqual(['9001']);
    expect(await ids({ q: '1001' }, other)).toEqual([]);
  });
});

describe('GET /product/find', () => {
  const find = (ref: string, lang = 'en-US', token = admin) => t.call(api.catalogue.find, { token, query: { ref }, lang });

  it('finds one product by id, or by handle in any case, the id winning', async () => {
    expect((await find(' 1002 ')).body.data).toMatchObject({ id: '1002', title: 'Green Tea Pot', variants: 0 });
    expect((await find('Green-Tea')).body.data).toMatchObject({ id: '1001', variants: 2 });
    expect((await find('1001')).body.data.id).toBe('1001');
  });

  it('does not offer archived products or another store\'s, in both languages', async () => {
    for (const ref of ['old-cup', '1005', '9001', 'secret-tea', 'green']) {
      const res = await find(ref);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ msg: 'Product ID/Handle not found.', data: null });
    }
    expect((await find('9001', 'zh-CN')).body.msg).toBe(await zhNotFound());
    expect((await find('1001', 'en-US', other)).status).toBe(404);
  });

  it('searches one reference at a time', async () => {
    for (const ref of ['1001,1002', '1001 1002', '1001；1002']) {
      const res = await find(ref);
      expect(res.body.code).toBe(103);
      expect(res.body.msg).toBe('Search one product ID or handle at a time.');
    }
    expect((await find('a,b', 'zh-CN')).body.code).toBe(103);
    expect((await find('  ')).body.msg).toBe('Enter a product ID or handle.');
  });

  it('answers a product archived since as not found', async () => {
    await t.deps.dbh.db.update(products).set({ status: 'archived' }).where(eq(products.externalId, '1004'));
    expect((await find('bag')).status).toBe(404);
    await t.deps.dbh.db.update(products).set({ status: 'active' }).where(eq(products.externalId, '1004'));
  });
});

describe('hostile queries', () => {
  it('answer 4xx with the envelope, never 5xx', async () => {
    const hostile = ['\u0000', 'a\ud800', 'x'.repeat(256), '%_\\', "' or 1=1 --", '1e400'];
    for (const v of hostile) {
      for (const query of ['q', 'collection', 'status', 'page', 'page_size'].map((k): Record<string, string> => ({ [k]: v }))) {
        const res = await t.call(api.catalogue.list, { token: admin, query });
        expect(res.status, JSON.stringify(query)).toBeLessThan(500);
        expect(typeof res.body.code).toBe('number');
      }
      const found = await t.call(api.catalogue.find, { token: admin, query: { ref: v } });
      expect(found.status, v).toBeLessThan(500);
      expect(typeof found.body.msg).toBe('string');
    }
    expect((await t.call(api.catalogue.list, { token: admin, query: { page: '99999999999' } })).status).toBe(400);
  });
});

async function zhNotFound() {
  const { ERROR_MESSAGES } = await import('@storecast/contract');
  return ERROR_MESSAGES['zh-CN'].catalogue.notFound;
}
