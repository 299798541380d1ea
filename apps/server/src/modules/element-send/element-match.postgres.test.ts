import { api } from '@storecast/contract';
import { elementCandidates } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { CHOSEN, seedElementShop } from './test/seed-element-shop.ts';
import { waitForMatch } from './test/wait-for-match.ts';

/**
 * What needs a second connection holding a lock, so PostgreSQL only (PGlite has one connection
 * and cannot interrupt a query): the per-query time-out, and a change of product while the
 * slot's scoring query is running. The lock makes both certain; the tests wait for states.
 */
async function holdLock(url: string, table: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query(`lock table ${table} in access exclusive mode`);
  return async () => {
    await c.query('rollback');
    await c.end();
  };
}

describe('the per-query time-out', () => {
  let t: TestApp;
  let o: { token: string; shopId: string };
  beforeAll(async () => {
    t = await startTestApp({ elementQueryTimeoutMs: 300 }, { worker: true });
    o = await signUp(t, { name: 'Slow Tea' });
    await seedElementShop(t.deps.dbh, o.shopId);
  });
  afterAll(() => t.close());

  it('fails a product whose query outlives it with "query timeout"; retry then matches', async () => {
    // The scores cannot be written while another connection holds the table.
    const release = await holdLock(t.deps.config.databaseUrl!, 'element_candidates');
    let id: string;
    try {
      const res = await t.call(api.element.match, { token: o.token, body: { products: CHOSEN } });
      expect(res.body.code, res.body.msg).toBe(100);
      id = res.body.data.strategy_id;
      const { state } = await waitForMatch(t, o.token, id);
      expect(state).toMatchObject({ status: 'failed', progress: { done: 0, total: 6 }, message: 'Element matching failed (0/6), retry or change products.' });
      expect(state.slots.map((s) => s.failure?.msg)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `The No.${n} product query timeout.`));
      const zh = await t.call(api.element.state, { token: o.token, query: { id }, lang: 'zh-CN' });
      expect(zh.body.data.slots[0]!.failure).toEqual({ key: 'errors.element.queryTimeout', msg: '第 1 个商品查询超时。' });
    } finally {
      await release();
    }
    const retried = await t.call(api.element.retry, { token: o.token, body: { id: id! } });
    expect(retried.body.code, retried.body.msg).toBe(100);
    const { state } = await waitForMatch(t, o.token, id!);
    expect(state).toMatchObject({ status: 'done', can_send: true, matched_total: 9 });
  });
});

describe('a change while the slot is being scored', () => {
  let t: TestApp;
  let o: { token: string; shopId: string };
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await startTestApp({}, { worker: true });
    o = await signUp(t, { name: 'Busy Tea' });
    ids = await seedElementShop(t.deps.dbh, o.shopId);
  });
  afterAll(() => t.close());

  it('the overtaken attempt writes nothing; the new product is matched', async () => {
    // The scoring query reads subscribers: held here, the first slots stop inside it.
    const release = await holdLock(t.deps.config.databaseUrl!, 'subscribers');
    let id: string;
    let slot: number;
    try {
      const res = await t.call(api.element.match, { token: o.token, body: { products: CHOSEN } });
      id = res.body.data.strategy_id;
      // Whichever product a worker took first is now stuck in its scoring query.
      const { state: busy } = await waitForMatch(t, o.token, id, (s) => s.slots.some((x) => x.status === 'calculating'));
      slot = busy.slots.find((x) => x.status === 'calculating')!.slot;
      const changed = await t.call(api.element.change, { token: o.token, body: { id, slot, product: 'kettle' } });
      expect(changed.body.code, changed.body.msg).toBe(100);
      expect(changed.body.data.slots[slot]).toMatchObject({ status: 'pending', product: { id: 'kettle' } });
    } finally {
      await release();
    }
    const { state } = await waitForMatch(t, o.token, id!);
    expect(state.status).toBe('done');
    expect(state.slots[slot!]).toMatchObject({ product: { id: 'kettle' }, candidates: 1, matched: 1 });
    // Only the kettle's shopper is scored for the slot: the overtaken run of the first product left nothing.
    const rows = await t.deps.dbh.db.select({ s: elementCandidates.subscriberId }).from(elementCandidates)
      .where(and(eq(elementCandidates.strategyId, id!), eq(elementCandidates.slot, slot!)));
    expect(rows.map((r) => r.s)).toEqual([ids.kettleViewer]);
  });
});
