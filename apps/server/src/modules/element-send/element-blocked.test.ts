import { api } from '@storecast/contract';
import { elementCandidates, shopScope, strategyElements } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { readElementSlots, requireSlotProducts } from '../strategy/element-audience.ts';
import { runMatchSlot } from './run-match-slot.ts';
import { CHOSEN, seedElementShop } from './test/seed-element-shop.ts';

/**
 * Element Send never picks a product on the store's blocked list: choosing or changing to one is
 * refused by its place, a product blocked after it was chosen fails its slot without scoring
 * anyone, and one blocked after matching stops the send. The slots are run here one by one, as
 * the worker's job would run them, so each step's order is certain.
 */
let t: TestApp;
let o: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Blocked Element Tea' });
  await seedElementShop(t.deps.dbh, o.shopId);
});
afterAll(() => t.close());

const block = async (id: string) => expect((await t.call(api.catalogue.block, { token: o.token, body: { product_ids: [id] } })).body.code).toBe(100);
const unblock = async (id: string) => expect((await t.call(api.catalogue.unblock, { token: o.token, body: { product_ids: [id] } })).body.code).toBe(100);
const match = (products: string[], lang = 'en-US') => t.call(api.element.match, { token: o.token, body: { products }, lang });

/** Runs every unfinished slot of the send once, at its current attempt. */
async function runSlots(strategyId: string) {
  const slots = await t.deps.dbh.db.select().from(strategyElements).where(eq(strategyElements.strategyId, strategyId));
  for (const s of slots.filter((x) => x.status !== 'done')) await runMatchSlot(t.deps, { strategyId, slot: s.slot, attempt: s.attempt });
}
const scoredIn = async (strategyId: string, slot: number) =>
  (await t.deps.dbh.db.select().from(elementCandidates).where(and(eq(elementCandidates.strategyId, strategyId), eq(elementCandidates.slot, slot)))).length;

describe('Element Send and the blocked-product list', () => {
  let id: string;

  it('refuses to choose a blocked product, naming its place, in both languages', async () => {
    await block('tray');
    const en = await match(CHOSEN);
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('This product is on the blocked-product list and is never promoted.');
    expect(en.body.data).toEqual({ fields: { 'products.5': 'This product is on the blocked-product list and is never promoted.' } });
    // By its handle too.
    const zh = await match([...CHOSEN.slice(0, 5), 'tray-handle'], 'zh-CN');
    expect(zh.body.data).toEqual({ fields: { 'products.5': '该商品在屏蔽商品列表中，不能推广。' } });
    await unblock('tray');
  });

  it('fails the slot of a product blocked after it was chosen, scoring nobody for it', async () => {
    const res = await match(CHOSEN);
    expect(res.body.code, res.body.msg).toBe(100);
    id = res.body.data.strategy_id;
    await block('spoon');
    await runSlots(id);
    const state = (await t.call(api.element.state, { token: o.token, query: { id } })).body.data;
    expect(state.slots[4]).toMatchObject({
      status: 'failed', failure: { key: 'errors.element.slotBlocked', msg: 'The No.5 product is on the blocked-product list; change it.' },
    });
    expect(state.slots.filter((s) => s.status === 'done')).toHaveLength(5);
    expect(await scoredIn(id, 4)).toBe(0);
    expect(state.matched_total).toBe(0);
    const zh = (await t.call(api.element.state, { token: o.token, query: { id }, lang: 'zh-CN' })).body.data;
    expect(zh.slots[4]!.failure!.msg).toBe('第 5 个商品已被屏蔽，请更换。');
  });

  it('refuses to change a slot to a blocked product; an allowed one matches and assigns everyone', async () => {
    await block('kettle');
    const refused = await t.call(api.element.change, { token: o.token, body: { id, slot: 4, product: 'kettle' } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ fields: { product: 'This product is on the blocked-product list and is never promoted.' } });
    await unblock('kettle');
    expect((await t.call(api.element.change, { token: o.token, body: { id, slot: 4, product: 'kettle' } })).body.code).toBe(100);
    await runSlots(id);
    const state = (await t.call(api.element.state, { token: o.token, query: { id } })).body.data;
    expect(state).toMatchObject({ status: 'done', can_send: true });
    expect(state.slots.map((s) => s.product?.id)).not.toContain('spoon');
  });

  it('a product blocked after matching stops the send, by its number', async () => {
    await block('cup');
    const slots = await readElementSlots(t.deps.dbh.db, shopScope(o.shopId), id);
    expect(slots.map((s) => s.blocked)).toEqual([false, false, true, false, false, false]);
    expect(() => requireSlotProducts(slots)).toThrow(expect.objectContaining({ key: 'errors.element.slotBlocked', params: { num: 3 } }));
    await unblock('cup');
    const products = requireSlotProducts(await readElementSlots(t.deps.dbh.db, shopScope(o.shopId), id));
    expect(products.map((p) => p.externalId)).toEqual(['tea-green', 'tea-black', 'cup', 'pot', 'kettle', 'tray']);
  });
});
