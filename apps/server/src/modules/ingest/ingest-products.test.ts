import { api } from '@storecast/contract';
import { productVariants } from '@storecast/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
let admin: string;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signUp(t)).token;
  key = (await t.call(api.apiToken.create, { token: admin, body: { name: 'ERP' } })).body.data.token;
});
afterAll(() => t.close());

const push = (products: Record<string, unknown>[], lang = 'en-US') => t.call(api.catalogue.ingest, { token: key, body: { products }, lang });
const find = async (ref: string) => (await t.call(api.catalogue.find, { token: admin, query: { ref } })).body.data;
const variantsOf = async () => (await t.deps.dbh.db.select().from(productVariants).orderBy(asc(productVariants.externalId)))
  .map((v) => ({ id: v.externalId, price: v.price, stock: v.stock, updatedAt: v.updatedAt.toISOString() }));

const tea = {
  id: 'tea-1', handle: 'Green-Tea', title: 'Green tea', url: 'https://shop.example.com/products/green-tea',
  images: ['https://cdn.example.com/tea.png'], currency: 'usd', collection: 'Teas', tags: ['green'],
  variants: [
    { id: 'v-big', title: '500 g', price: 2400, compare_at_price: 3000, stock: 4 },
    { id: 'v-small', title: '100 g', price: 900, compare_at_price: 1200, stock: 10 },
    { id: 'v-free', title: 'Sample', price: 1500 },
  ],
};

describe('product ingestion', () => {
  it('creates a product with its variants, drawing price, compare-at and stock from them', async () => {
    const res = await push([tea]);
    expect(res.body).toMatchObject({ code: 100, data: { received: 1, created: 1, updated: 0, rejected: [] } });
    expect(await find('tea-1')).toMatchObject({
      id: 'tea-1', handle: 'Green-Tea', title: 'Green tea', price: 900, compare_at_price: 1200, currency: 'USD',
      stock: 14, variants: 3, collection: 'Teas', tags: ['green'], image: 'https://cdn.example.com/tea.png', status: 'active',
    });
  });

  it('is idempotent: the same batch again updates nothing', async () => {
    const before = { product: await find('tea-1'), variants: await variantsOf() };
    const res = await push([tea]);
    expect(res.body.data).toEqual({ received: 1, created: 0, updated: 1, rejected: [] });
    expect(await find('tea-1')).toEqual(before.product);
    expect(await variantsOf()).toEqual(before.variants);
  });

  it('replaces the variants with the list sent and keeps explicit prices', async () => {
    const res = await push([{ ...tea, price: 1999, stock: null, variants: [{ id: 'v-big', price: 2200, stock: 3 }, { id: 'v-new', price: 2600 }] }]);
    expect(res.body.data).toMatchObject({ created: 0, updated: 1 });
    expect(await find('tea-1')).toMatchObject({ price: 1999, compare_at_price: null, stock: null, variants: 2 });
    expect((await variantsOf()).map((v) => [v.id, v.price, v.stock])).toEqual([['v-big', 2200, 3], ['v-new', 2600, null]]);
  });

  it('takes updated_at from the store when given', async () => {
    await push([{ ...tea, title: 'Green tea 2', updated_at: '2024-03-01T08:00:00Z' }]);
    expect((await find('tea-1')).updated_at).toBe('2024-03-01T08:00:00.000Z');
  });

  it('rejects bad items by index with a reason and keeps the rest, in both languages', async () => {
    const res = await push([
      { id: 'ok-1', title: 'Cup', currency: 'EUR', price: 500 },
      { id: 'bad-1', title: 'Saucer', currency: 'XXQ', price: 500 },
      { id: 'bad-2', title: 'Pot', currency: 'USD' },
      { id: 'bad-3', title: '', currency: 'USD', price: 1 },
      { id: 'bad-4', title: 'Lid', currency: 'USD', price: -1 },
      { id: 'ok-2', title: 'Kettle', currency: 'USD', variants: [{ id: 'k', price: 4500 }] },
    ]);
    expect(res.body.data).toMatchObject({ received: 6, created: 2, updated: 0 });
    expect(res.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    expect(res.body.data.rejected[0]!.reason).toBe('currency: Unknown currency; use an ISO 4217 code such as USD.');
    expect(res.body.data.rejected[1]!.reason).toBe('price: A product without variants needs a price.');
    const zh = await push([{ id: 'bad-2', title: 'Pot', currency: 'USD' }], 'zh-CN');
    expect(zh.body.data.rejected[0]!.reason).toBe('price: 没有规格的商品需要价格。');
    expect(await find('ok-2')).toMatchObject({ price: 4500, compare_at_price: null, stock: null, variants: 1 });
  });

  it('refuses a batch of the wrong shape as a whole', async () => {
    expect((await t.call(api.catalogue.ingest, { token: key, body: { products: [] } })).body.code).toBe(103);
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `m${i}`, title: 'x', currency: 'USD', price: 1 }));
    expect((await t.call(api.catalogue.ingest, { token: key, body: { products: many } })).body.code).toBe(103);
    expect((await t.call(api.catalogue.ingest, { token: admin, body: { products: [tea] } })).status).toBe(401);
  });
});
