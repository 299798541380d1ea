import { api, BLOCKED_PRODUCTS } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

/**
 * The blocked-product list through the API, on both databases: only the store's own products go
 * on it, it pages and searches on the server, and one store neither reads nor changes another's,
 * even when both use the same product ids.
 */
let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

const product = (id: string, title: string) => ({ id, title, currency: 'USD', price: 1000 });

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Blocked A' });
  b = await signUp(t, { name: 'Blocked B' });
  const push = async (token: string, products: ReturnType<typeof product>[]) => {
    const key = (await t.call(api.apiToken.create, { token, body: { name: 'ERP' } })).body.data.token;
    expect((await t.call(api.catalogue.ingest, { token: key, body: { products } })).body.data.created).toBe(products.length);
  };
  await push(a.token, [
    product('1001', 'Green Tea'), product('1002', 'Green Tea Pot'), product('1003', 'Black Tea'), product('1004', '100% Cotton_Bag'),
  ]);
  // B's catalogue reuses one of A's ids for a product of its own, and has one A does not.
  await push(b.token, [product('1001', 'Bravo Coffee'), product('9001', 'Bravo Secret Beans')]);
});
afterAll(() => t.close());

const block = (ids: string[], token = a.token, lang = 'en-US') => t.call(api.catalogue.block, { token, body: { product_ids: ids }, lang });
const unblock = (ids: string[], token = a.token) => t.call(api.catalogue.unblock, { token, body: { product_ids: ids } });
const list = async (query: Record<string, string> = {}, token = a.token) => {
  const res = await t.call(api.catalogue.blockedList, { token, query });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data;
};
const ids = async (query: Record<string, string> = {}, token = a.token) => (await list(query, token)).items.map((p) => p.id);

describe('blocking products', () => {
  it('blocks the store\'s own products once, last blocked first', async () => {
    expect((await block(['1001', '1003'])).body.data).toEqual({ added: 2, total: 2 });
    expect((await block(['1002', '1001', '1002'])).body.data).toEqual({ added: 1, total: 3 });
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({ id: '1002', title: 'Green Tea Pot', price: 1000, currency: 'USD', status: 'active' });
    // One call's products share their time; the catalogue's order breaks the tie, newest first.
    expect(page.items.map((p) => p.id)).toEqual(['1002', '1003', '1001']);
    expect(Date.parse(page.items[0]!.blocked_at)).toBeGreaterThanOrEqual(Date.parse(page.items[2]!.blocked_at));
  });

  it('refuses a product outside the store\'s catalogue, naming it, in both languages, and blocks none of the call', async () => {
    const en = await block(['1004', '9001']);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 103, msg: 'Product 9001 is not in this store\'s catalogue.' });
    expect(en.body.data).toEqual({ fields: { 'product_ids.1': 'Product 9001 is not in this store\'s catalogue.' } });
    const zh = await block(['no-such'], a.token, 'zh-CN');
    expect(zh.body.msg).toBe('商品 no-such 不在本店铺的商品目录中。');
    expect(await ids({ q: '100%' })).toEqual([]);
    expect((await list()).total).toBe(3);
  });

  it('checks the call\'s shape: one to 100 ids', async () => {
    expect((await block([])).body.code).toBe(103);
    const tooMany = Array.from({ length: BLOCKED_PRODUCTS.perCall + 1 }, (_, i) => `x${i}`);
    expect((await block(tooMany)).body.code).toBe(103);
    expect((await unblock([''])).body.code).toBe(103);
  });
});

describe('the list', () => {
  it('searches any part of the title in any case, or the id exactly, with LIKE characters taken literally', async () => {
    expect(await block(['1004'])).toMatchObject({ body: { code: 100 } });
    expect((await ids({ q: 'tea pot' }))).toEqual(['1002']);
    expect((await ids({ q: 'GREEN' })).sort()).toEqual(['1001', '1002']);
    expect(await ids({ q: '1003' })).toEqual(['1003']);
    expect(await ids({ q: '100%' })).toEqual(['1004']);
    expect(await ids({ q: '_' })).toEqual(['1004']);
    expect(await ids({ q: '%tea' })).toEqual([]);
    expect(await ids({ q: 'coffee' })).toEqual([]);
  });

  it('pages on the server with the total', async () => {
    const all = await ids();
    const p1 = await list({ page: '1', page_size: '3' });
    const p2 = await list({ page: '2', page_size: '3' });
    expect([p1.total, p2.total]).toEqual([4, 4]);
    expect([...p1.items, ...p2.items].map((p) => p.id)).toEqual(all);
    expect(p2.items).toHaveLength(1);
    expect((await list({ q: 'green', page: '2', page_size: '1' })).total).toBe(2);
  });

  it('takes products off the list; ids not on it change nothing', async () => {
    expect((await unblock(['1004', 'never-blocked', '1004'])).body.data).toEqual({ removed: 1 });
    expect((await unblock(['1004'])).body.data).toEqual({ removed: 0 });
    expect((await list()).total).toBe(3);
  });

  it('logs each change in the activity log', async () => {
    const logs = await t.call(api.activity.logs, { token: a.token, query: { action: 'notices.activity.product.block' } });
    expect(logs.body.data.items[0]).toMatchObject({ action_label: 'Blocked products', target_type: 'catalogue' });
  });
});

describe('one store and another', () => {
  it('B neither sees A\'s list nor changes it, even with A\'s product ids', async () => {
    const before = await list();
    expect(await ids({}, b.token)).toEqual([]);
    expect(await ids({ q: 'green' }, b.token)).toEqual([]);
    // B's '1001' is B's own product: blocking it touches only B's list.
    expect((await block(['1001'], b.token)).body.data).toEqual({ added: 1, total: 1 });
    const bList = await list({}, b.token);
    expect(bList.items.map((p) => [p.id, p.title])).toEqual([['1001', 'Bravo Coffee']]);
    // A's ids that B does not have are refused, not blocked in A's store.
    expect((await block(['1002'], b.token)).body.code).toBe(103);
    expect((await unblock(['1002', '1003'], b.token)).body.data).toEqual({ removed: 0 });
    expect(await list()).toEqual(before);
    // Taking B's '1001' off leaves A's '1001' blocked.
    expect((await unblock(['1001'], b.token)).body.data).toEqual({ removed: 1 });
    expect(await ids({ q: '1001' })).toEqual(['1001']);
  });

  it('a store\'s list is bounded, and a call that would pass the bound blocks nothing', async () => {
    const c = await signUp(t, { name: 'Blocked C' });
    const n = BLOCKED_PRODUCTS.perStore;
    await t.deps.dbh.query(
      `insert into products (shop_id, external_id, title, price, currency) select $1, 'p' || g, 'Product ' || g, 100, 'USD' from generate_series(1, $2::int) g`,
      [c.shopId, n + 1],
    );
    await t.deps.dbh.query(
      `insert into blocked_products (shop_id, product_id) select shop_id, id from products where shop_id = $1 and external_id <> $2`,
      [c.shopId, `p${n + 1}`],
    );
    const full = await block([`p${n + 1}`], c.token);
    expect(full.status).toBe(400);
    expect(full.body.msg).toBe(`The blocked-product list holds at most ${n} products; remove some first.`);
    expect((await list({ page_size: '1' }, c.token)).total).toBe(n);
    expect((await block(['p1'], c.token)).body.data).toEqual({ added: 0, total: n });
  });
});
