import { api, type ElementMatchState } from '@storecast/contract';
import { elementCandidates, products, shops, strategies, strategyElements } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { startWorker } from '../../start-worker.ts';
import { requeueUnfinished } from './match-job.ts';
import { runMatchSlot } from './run-match-slot.ts';
import { loadSiblingRefs, scoreCandidates } from './score-candidates.ts';
import { CHOSEN, EXPECTED, seedElementShop } from './test/seed-element-shop.ts';
import { waitForMatch } from './test/wait-for-match.ts';

/**
 * Element Send's product choice and matching through the API, on both databases: the six-product
 * rule, a full match on a designed store whose answer is known, a product archived after it was
 * chosen (the worker starts after the archive, so the order is certain), retry and change, the
 * attempt guard, and other stores' ids. The time-out and a change during a running query need a
 * second connection: element-match.postgres.test.ts.
 */
let t: TestApp;
let o: { token: string; shopId: string };
let ids: Record<string, number>;
let stopWorker = async () => {};

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Element Tea' });
  ids = await seedElementShop(t.deps.dbh, o.shopId);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
});

const match = (body: Record<string, unknown>, lang = 'en-US', token = o.token) => t.call(api.element.match, { token, body, lang });
const state = (id: string, lang = 'en-US') => t.call(api.element.state, { token: o.token, query: { id }, lang });
const emailsOf = async (id: string, slot: number) => {
  const res = await t.call(api.element.matches, { token: o.token, query: { id, slot: String(slot) } });
  expect(res.body.code, res.body.msg).toBe(100);
  return res.body.data.items.map((r) => r.email);
};
const candidatesOf = async (id: string, slot: number) => {
  const rows = await t.deps.dbh.db.select({ s: elementCandidates.subscriberId }).from(elementCandidates)
    .where(and(eq(elementCandidates.strategyId, id), eq(elementCandidates.slot, slot)));
  return rows.map((r) => r.s).sort((a, b) => a - b);
};
const addr = (name: string) => `${name.toLowerCase()}@shoppers.example.org`;

describe('choosing six products', () => {
  it('needs exactly six, none twice, each found', async () => {
    const five = await match({ products: CHOSEN.slice(0, 5) });
    expect(five.status).toBe(400);
    expect(five.body.msg).toBe('Element Send needs exactly 6 products.');
    const seven = await match({ products: [...CHOSEN, 'kettle'] }, 'zh-CN');
    expect(seven.body.msg).toBe('元素发送需要正好 6 个商品。');
    const dup = await match({ products: [...CHOSEN.slice(0, 5), 'TEA-GREEN'] });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('This product already exists.');
    // One product named twice, by its id and by its handle.
    const sameProduct = await match({ products: [...CHOSEN.slice(0, 5), 'tea-green-handle'] });
    expect(sameProduct.body.msg).toBe('This product already exists.');
    expect(sameProduct.body.data).toEqual({ fields: { 'products.5': 'This product already exists.' } });
    const unknown = await match({ products: [...CHOSEN.slice(0, 3), 'no-such-tea', ...CHOSEN.slice(4)] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Product ID/Handle not found.');
    expect(unknown.body.data).toEqual({ fields: { 'products.3': 'Product ID/Handle not found.' } });
    const unknownZh = await match({ products: [...CHOSEN.slice(0, 5), 'no-such-tea'] }, 'zh-CN');
    expect(unknownZh.body.msg).toBe('未找到该商品 ID/Handle。');
    // Refusals create nothing.
    expect(await t.deps.dbh.db.select().from(strategies).where(eq(strategies.kind, 'element'))).toHaveLength(0);
  });

  it('a store with Element Send switched off starts none', async () => {
    await t.deps.dbh.db.update(shops).set({ guideFlags: { element_send: false } }).where(eq(shops.id, o.shopId));
    try {
      const off = await match({ products: CHOSEN }, 'zh-CN');
      expect(off.status).toBe(403);
      expect(off.body.msg).toBe('本店铺未开通元素发送。');
      expect(await t.deps.dbh.db.select().from(strategies).where(eq(strategies.kind, 'element'))).toHaveLength(0);
    } finally {
      await t.deps.dbh.db.update(shops).set({ guideFlags: {} }).where(eq(shops.id, o.shopId));
    }
  });
});

describe('a product archived after it was chosen', () => {
  let id: string;
  it('fails its slot with productGone; the rest finish: "failed (5/6)"', async () => {
    // Chosen while active; archived before any worker runs, so its slot meets it archived.
    const res = await match({ products: CHOSEN });
    expect(res.body.code, res.body.msg).toBe(100);
    id = res.body.data.strategy_id;
    expect(res.body.data).toMatchObject({ status: 'running', progress: { done: 0, total: 6 }, message: null, can_send: false });
    expect(res.body.data.slots.map((s) => s.product?.id)).toEqual(CHOSEN);
    await t.deps.dbh.db.update(products).set({ status: 'archived' }).where(and(eq(products.shopId, o.shopId), eq(products.externalId, 'spoon')));
    stopWorker = await startWorker(t.deps, t.app.log);
    const { state: s } = await waitForMatch(t, o.token, id);
    expect(s.status).toBe('failed');
    expect(s.progress).toEqual({ done: 5, total: 6 });
    expect(s.message).toBe('Element matching failed (5/6), retry or change products.');
    expect(s.slots[4]).toMatchObject({
      status: 'failed', failure: { key: 'errors.element.productGone', msg: 'The No.5 product is no longer in the catalogue; change it.' },
    });
    expect(s.can_send).toBe(false);
    // No assignment while a product is missing.
    expect(s.matched_total).toBe(0);
    const zh = await state(id, 'zh-CN');
    expect(zh.body.data.message).toBe('元素匹配失败（5/6），请重试或更换商品。');
    expect(zh.body.data.slots[4]!.failure!.msg).toBe('第 5 个商品已不在商品目录中，请更换。');
  });

  it('retry fails again; changing the product matches it and assigns everyone', async () => {
    const retried = await t.call(api.element.retry, { token: o.token, body: { id } });
    expect(retried.body.code, retried.body.msg).toBe(100);
    const again = await waitForMatch(t, o.token, id);
    expect(again.state).toMatchObject({ status: 'failed', progress: { done: 5, total: 6 } });
    // Changing to a product already chosen is refused.
    const dup = await t.call(api.element.change, { token: o.token, body: { id, slot: 4, product: 'cup' } });
    expect(dup.body.msg).toBe('This product already exists.');
    const changed = await t.call(api.element.change, { token: o.token, body: { id, slot: 4, product: 'kettle' } });
    expect(changed.body.code, changed.body.msg).toBe(100);
    const { state: s } = await waitForMatch(t, o.token, id);
    expect(s).toMatchObject({ status: 'done', progress: { done: 6, total: 6 }, message: null, can_send: true });
    expect(s.slots[4]).toMatchObject({ product: { id: 'kettle' }, status: 'done', failure: null, matched: 1 });
    expect(await emailsOf(id, 4)).toEqual([addr('kettleViewer')]);
    const nothing = await t.call(api.element.retry, { token: o.token, body: { id } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.msg).toBe('No product failed, so there is nothing to retry.');
  });
});

describe('a full match', () => {
  let id: string;
  let final: ElementMatchState;
  it('scores viewers, carters, collection siblings and old buyers; keeps each shopper for one product', async () => {
    await t.deps.dbh.db.update(products).set({ status: 'active' }).where(and(eq(products.shopId, o.shopId), eq(products.externalId, 'spoon')));
    const res = await match({ products: CHOSEN, name: 'Autumn teas' });
    expect(res.body.code, res.body.msg).toBe(100);
    id = res.body.data.strategy_id;
    const { state: s, progress } = await waitForMatch(t, o.token, id);
    final = s;
    expect(s.status).toBe('done');
    // Progress only grows and ends at 6/6.
    expect(Math.max(...progress)).toBe(6);
    expect(s.slots.map((x) => x.matched)).toEqual([2, 1, 1, 2, 1, 2]);
    expect(s.slots.map((x) => x.candidates)).toEqual([3, 3, 3, 4, 1, 2]);
    expect(s.matched_total).toBe(9);
    expect(s.can_send).toBe(true);
    for (const [slot, ref] of CHOSEN.entries()) expect(await emailsOf(id, slot), ref).toEqual(EXPECTED[ref]!.map(addr));
    // The recent buyer of the cup is not scored for it; the unsubscribed and the phone-only never are.
    expect(await candidatesOf(id, 2)).not.toContain(ids.recentBuyer);
    for (let slot = 0; slot < 6; slot++) {
      const c = await candidatesOf(id, slot);
      expect(c).not.toContain(ids.unsubscribed);
      expect(c).not.toContain(ids.phoneOnly);
    }
    const [row] = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.id, id));
    expect(row).toMatchObject({ kind: 'element', name: 'Autumn teas', status: 'draft', title: '', content: null });
  });

  it('pages the matches best first with names', async () => {
    const page2 = await t.call(api.element.matches, { token: o.token, query: { id, slot: '0', page: '2', page_size: '1' } });
    expect(page2.body.data).toMatchObject({ total: 2, items: [{ email: addr('sibling'), first_name: 'sibling', last_name: 'Tester' }] });
    expect(page2.body.data.items[0]!.score).toBeGreaterThan(0);
  });

  it('scores the same actions the same however much later a slot is scored, so ties go to the lower slot', async () => {
    // The match above scored slot 0 some time ago; scoring it again now must give the same numbers
    // to the last bit: an age counted to each scoring's own moment would make every score smaller.
    const scores = async () => (await t.deps.dbh.db.select({ s: elementCandidates.subscriberId, score: elementCandidates.score })
      .from(elementCandidates).where(and(eq(elementCandidates.strategyId, id), eq(elementCandidates.slot, 0))))
      .sort((a, b) => a.s - b.s);
    const before = await scores();
    expect(before.length).toBeGreaterThan(0);
    // Two seconds after the first scoring, an age counted to the moment of scoring would lower each
    // score by several steps of its stored precision (a real), so the comparison below would see it.
    const [first] = await t.deps.dbh.db.select({ at: strategyElements.finishedAt }).from(strategyElements)
      .where(and(eq(strategyElements.strategyId, id), eq(strategyElements.slot, 0)));
    await vi.waitUntil(() => Date.now() - first!.at!.getTime() >= 2_000, { timeout: 10_000, interval: 100 });
    const [product] = await t.deps.dbh.db.select().from(products).where(and(eq(products.shopId, o.shopId), eq(products.externalId, CHOSEN[0]!)));
    const siblingRefs = await loadSiblingRefs(t.deps.dbh, o.shopId, product!.id, product!.collection);
    await t.deps.dbh.transaction(async (c) => {
      await c.query(`delete from element_candidates where strategy_id = $1 and slot = 0`, [id]);
      await scoreCandidates(c, { strategyId: id, shopId: o.shopId, slot: 0, productRef: product!.externalId, siblingRefs });
    });
    expect(await scores()).toEqual(before);
  });

  it('names a new draft by the date; replacing products restarts only the changed slots', async () => {
    const res = await match({ products: CHOSEN });
    const [row] = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.id, res.body.data.strategy_id));
    expect(row!.name).toMatch(/^Element Send \d{4}-\d{2}-\d{2}$/);
    const zh = await match({ products: CHOSEN }, 'zh-CN');
    const [rowZh] = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.id, zh.body.data.strategy_id));
    expect(rowZh!.name).toMatch(/^元素发送 \d{4}-\d{2}-\d{2}$/);
    const before = await t.deps.dbh.db.select().from(strategyElements).where(eq(strategyElements.strategyId, id));
    const swapped = await match({ id, products: [...CHOSEN.slice(0, 5), 'kettle'] });
    expect(swapped.body.code, swapped.body.msg).toBe(100);
    const { state: s } = await waitForMatch(t, o.token, id);
    expect(s.status).toBe('done');
    const after = await t.deps.dbh.db.select().from(strategyElements).where(eq(strategyElements.strategyId, id));
    for (const slot of [0, 1, 2, 3, 4]) {
      expect(after.find((x) => x.slot === slot)!.attempt).toBe(before.find((x) => x.slot === slot)!.attempt);
    }
    expect(after.find((x) => x.slot === 5)!.attempt).toBe(before.find((x) => x.slot === 5)!.attempt + 1);
    // The tray's shoppers now go elsewhere: twoProducts to the cup; trayViewer to nobody.
    expect((await emailsOf(id, 2)).sort()).toEqual([addr('cupViewer'), addr('twoProducts')]);
    expect(await emailsOf(id, 5)).toEqual([addr('kettleViewer')]);
  });

  it('a job of an overtaken attempt writes nothing', async () => {
    const [slot5] = await t.deps.dbh.db.select().from(strategyElements)
      .where(and(eq(strategyElements.strategyId, id), eq(strategyElements.slot, 5)));
    const changed = await t.call(api.element.change, { token: o.token, body: { id, slot: 5, product: 'tray' } });
    expect(changed.body.code, changed.body.msg).toBe(100);
    await waitForMatch(t, o.token, id);
    // The job of the attempt before the change runs late: nothing of it lands.
    await runMatchSlot(t.deps, { strategyId: id, slot: 5, attempt: slot5!.attempt });
    const { state: s } = await waitForMatch(t, o.token, id);
    expect(s.slots[5]).toMatchObject({ status: 'done', product: { id: 'tray' }, matched: 2 });
    expect(s.slots.map((x) => x.matched)).toEqual(final.slots.map((x) => x.matched));
    expect(await emailsOf(id, 5)).toEqual(EXPECTED.tray!.map(addr));
  });

  it('refuses to change the products once the send has gone', async () => {
    await t.deps.dbh.db.update(strategies).set({ status: 'completed' }).where(eq(strategies.id, id));
    const res = await match({ id, products: CHOSEN }, 'zh-CN');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('已发送的元素发送不能更换商品。');
    const change = await t.call(api.element.change, { token: o.token, body: { id, slot: 0, product: 'kettle' } });
    expect(change.body.msg).toBe('The products of an Element Send that has been sent cannot be changed.');
    // Still readable.
    expect((await state(id)).body.data.status).toBe('done');
  });
});

describe('a worker that died mid-match', () => {
  it('picks up products left querying, calculating or pending without a job', async () => {
    const res = await match({ products: CHOSEN });
    const id = res.body.data.strategy_id;
    await waitForMatch(t, o.token, id);
    // As a dead worker leaves them: one slot calculating for long, one pending with no job queued.
    await t.deps.dbh.exec(`
      update strategy_elements set status = 'calculating', started_at = now() - interval '10 minutes' where strategy_id = '${id}' and slot = 1;
      update strategy_elements set status = 'pending', started_at = null where strategy_id = '${id}' and slot = 3;`);
    const stuck = await state(id);
    expect(stuck.body.data.status).toBe('running');
    await requeueUnfinished(t.deps, t.app.log);
    const { state: s } = await waitForMatch(t, o.token, id);
    expect(s).toMatchObject({ status: 'done', matched_total: 9 });
    const rows = await t.deps.dbh.db.select().from(strategyElements).where(eq(strategyElements.strategyId, id));
    // The stale one restarted under a new attempt; the pending one ran its own.
    expect(rows.find((r) => r.slot === 1)!.attempt).toBe(2);
    expect(rows.find((r) => r.slot === 3)!.attempt).toBe(1);
  });
});

describe('other stores and bad ids', () => {
  it('another store, a Segment Send or a malformed id: "does not exist"', async () => {
    const mine = (await t.deps.dbh.db.select({ id: strategies.id }).from(strategies).where(eq(strategies.kind, 'element')))[0]!.id;
    const other = await signUp(t, { name: 'Other Tea' });
    const notFound = 'The Element Send does not exist.';
    const calls = [
      t.call(api.element.state, { token: other.token, query: { id: mine } }),
      t.call(api.element.retry, { token: other.token, body: { id: mine } }),
      t.call(api.element.change, { token: other.token, body: { id: mine, slot: 0, product: 'tea-green' } }),
      t.call(api.element.matches, { token: other.token, query: { id: mine, slot: '0' } }),
      t.call(api.element.match, { token: other.token, body: { id: mine, products: CHOSEN } }),
      t.call(api.element.state, { token: o.token, query: { id: 'not-a-uuid' } }),
      t.call(api.element.state, { token: o.token, query: { id: '00000000-0000-4000-8000-000000000000' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(notFound);
    }
    // The other store cannot name this store's products either.
    const theirs = await match({ products: CHOSEN }, 'en-US', other.token);
    expect(theirs.body.msg).toBe('Product ID/Handle not found.');
    const seg = await t.call(api.strategy.save, { token: o.token, body: { name: 'Segment', send_mode: 'draft' } });
    const asElement = await state(seg.body.data.id);
    expect(asElement.body.msg).toBe(notFound);
  });
});
