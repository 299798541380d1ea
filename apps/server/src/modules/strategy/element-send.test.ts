import { api, type EmailDoc, formatMoney } from '@storecast/contract';
import {
  deliveries, elementCandidates, elementMatches, orders, products, shopScope, strategies, strategyElements, subscribers,
} from '@storecast/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { type SinkMessage, startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { saveSalesAttribution } from '../brand/read-sales-attribution.ts';
import { addSubscribers, ALL, bodyOf, DOC, setVolume, waitFor } from '../delivery/test/fixtures.ts';
import { runScheduledStart } from './jobs.ts';

/**
 * An Element Send end to end, through a real SMTP server on loopback: six catalogue products,
 * matching rows written here as modules/element-send would leave them, then save and send now.
 * Each shopper gets the e-mail with their own product; deliveries carry the slot; the report
 * counts per product. Also the refusals, the preview, the audience count and the delete.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let o: { token: string; shopId: string };
const productIds: number[] = [];
const N = 14;
const email = (i: number) => `e${i}@inbox.example.org`;

const FOOTER = { type: 'footer' as const, id: 'f1', text: '', address: '1 Tea Street' };
/** A greeting, the shopper's own product, the footer. */
const ELEMENT_DOC: EmailDoc = {
  version: 1,
  blocks: [
    { type: 'text', id: 't1', align: 'left', html: '<p>Hi {{first_name|there}}, picked for you:</p>' },
    { type: 'product', id: 'p1', product_id: null, button_text: 'Buy it', show_compare_at: true, align: 'center' },
    FOOTER,
  ],
};
const product = (i: number) => ({
  title: `Leaf No${i} Oolong`, price: 1000 + i * 111, url: `https://shop.example.com/products/leaf-${i}`,
});

beforeAll(async () => {
  sink = await startSmtpSink({});
  t = await startTestApp({ smtpUrl: sink.url(3), publicUrl: 'https://mail.storecast.test', send: { batchSize: 5, concurrency: 3, leaseSeconds: 60 } }, { worker: true });
  o = await signUp(t, { name: 'Element Tea' });
  await seedVerifiedSender(t.deps.dbh, o.shopId);
  await setVolume(t.deps.dbh, o.shopId, 100);
  await addSubscribers(t.deps.dbh, o.shopId, N, 'e');
  const rows = await t.deps.dbh.db.insert(products).values(Array.from({ length: 6 }, (_, i) => ({
    shopId: o.shopId, externalId: `leaf-${i}`, handle: `leaf-${i}`, ...product(i), currency: 'USD',
    images: [`https://cdn.example.com/leaf-${i}.jpg`], compareAtPrice: i === 0 ? 2000 : null,
  }))).returning({ id: products.id });
  productIds.push(...rows.map((r) => r.id));
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

const save = (body: Record<string, unknown>, lang = 'en-US') => t.call(api.strategy.save, { token: o.token, body, lang });
const full = (id: string, extra: Record<string, unknown> = {}) => ({
  kind: 'element', id, name: 'Picked for you', title: 'For you, {{first_name|friend}}', content: ELEMENT_DOC, ...extra,
});

/**
 * An element draft as /element/match leaves it once matching has run: six slots with their
 * products and statuses, and shopper i matched to slot i % 6 (r: matched per slot as written).
 */
async function elementDraft(opts: { statuses?: string[]; matched?: number[]; shoppers?: number } = {}): Promise<string> {
  const { db } = t.deps.dbh;
  const [s] = await db.insert(strategies).values(shopScope(o.shopId).values({
    kind: 'element' as const, name: 'Element draft', locale: 'en-US' as const, utm: { source: 'storecast', medium: 'email', campaign: '' },
  })).returning({ id: strategies.id });
  const id = s!.id;
  const subs = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.shopId, o.shopId)).orderBy(asc(subscribers.id));
  const shoppers = subs.slice(0, opts.shoppers ?? N);
  const perSlot = (slot: number) => shoppers.filter((_, i) => i % 6 === slot).length;
  await db.insert(strategyElements).values(Array.from({ length: 6 }, (_, slot) => ({
    strategyId: id, shopId: o.shopId, slot, productId: productIds[slot]!, attempt: 1,
    status: (opts.statuses?.[slot] ?? 'done') as 'done', candidates: perSlot(slot), matched: opts.matched?.[slot] ?? perSlot(slot),
  })));
  if (shoppers.length > 0) {
    await db.insert(elementCandidates).values(shoppers.map((x, i) => ({ strategyId: id, shopId: o.shopId, slot: i % 6, subscriberId: x.id, score: 1 })));
    await db.insert(elementMatches).values(shoppers.map((x, i) => ({ strategyId: id, shopId: o.shopId, slot: i % 6, subscriberId: x.id, score: 1 })));
  }
  return id;
}

const messageTo = (to: string): SinkMessage | undefined => sink.messages.find((m) => m.to.includes(to));

describe('Element Send', () => {
  it('is saved only with the id of an element draft of the store', async () => {
    const none = await save({ kind: 'element', name: 'No id', send_mode: 'draft' });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('The Element Send does not exist.');
    const segment = await save({ name: 'Segment', segment_ids: [ALL], content: DOC, send_mode: 'draft' });
    expect((await save({ kind: 'element', id: segment.body.data.id, name: 'x', send_mode: 'draft' })).body.msg).toBe('The Element Send does not exist.');
    expect((await save({ kind: 'element', id: 'not-a-uuid', name: 'x', send_mode: 'draft' }, 'zh-CN')).status).toBe(404);
    const other = await signUp(t, { name: 'Other Tea' });
    const theirs = await t.call(api.strategy.save, { token: other.token, body: { kind: 'element', id: await elementDraft(), name: 'x' } });
    expect(theirs.body.msg).toBe('The Element Send does not exist.');
    // A draft keeps no segments: its audience is the matching's.
    const id = await elementDraft();
    const draft = await save({ ...full(id), segment_ids: [ALL], send_mode: 'draft' });
    expect(draft.body.code, draft.body.msg).toBe(100);
    expect(draft.body.data).toMatchObject({ kind: 'element', segment_ids: [], status: 'draft' });
  });

  it('refuses content without the shopper\'s product, and that block in a Segment Send', async () => {
    const id = await elementDraft();
    const noBlock = await save({ ...full(id, { content: DOC }), send_mode: 'now' });
    expect(noBlock.status).toBe(400);
    expect(noBlock.body.msg).toBe("The e-mail needs a product block that shows the shopper's product.");
    expect(noBlock.body.data).toEqual({ id });
    // The refused draft kept its content, so nothing is lost.
    expect((await t.call(api.strategy.detail, { token: o.token, query: { id } })).body.data.content).toEqual(DOC);
    const segment = await save({ name: 'Segment', title: 'Hi', segment_ids: [ALL], content: ELEMENT_DOC, send_mode: 'now' });
    expect(segment.body.msg).toBe("The shopper's product block works only in an Element Send.");
    const zh = await save({ name: 'Segment', title: 'Hi', segment_ids: [ALL], content: ELEMENT_DOC, send_mode: 'draft' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(await t.deps.dbh.db.select().from(deliveries)).toEqual([]);
  });

  it('refuses to send until every product is matched to someone', async () => {
    const running = await elementDraft({ statuses: ['done', 'done', 'calculating', 'pending', 'done', 'done'] });
    expect((await save({ ...full(running), send_mode: 'now' })).body.msg).toBe('The products are still being matched; wait for it to finish.');
    const failed = await elementDraft({ statuses: ['done', 'done', 'done', 'failed', 'done', 'done'] });
    expect((await save({ ...full(failed), send_mode: 'now' })).body.msg).toBe('Element matching failed (5/6), retry or change products.');
    const later = await save({ ...full(failed), send_mode: 'later', send_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    expect(later.body.msg).toBe('Element matching failed (5/6), retry or change products.');
    const zero = await elementDraft({ matched: [2, 2, 0, 2, 2, 2] });
    expect((await save({ ...full(zero), send_mode: 'now' })).body.msg).toBe('Matching email cannot be 0.');
    // A product deleted from the catalogue since it was matched: the send names its number.
    const gone = await elementDraft();
    const [extra] = await t.deps.dbh.db.insert(products).values({ shopId: o.shopId, externalId: 'gone', title: 'Gone', price: 1, currency: 'USD' }).returning({ id: products.id });
    await t.deps.dbh.db.update(strategyElements).set({ productId: extra!.id }).where(and(eq(strategyElements.strategyId, gone), eq(strategyElements.slot, 4)));
    await t.deps.dbh.db.delete(products).where(eq(products.id, extra!.id));
    expect((await save({ ...full(gone), send_mode: 'now' })).body.msg).toBe('The No.5 product is no longer in the catalogue; change it.');
    for (const id of [running, failed, zero, gone]) {
      expect((await t.call(api.strategy.detail, { token: o.token, query: { id } })).body.data.status).toBe('draft');
    }
    expect(await t.deps.dbh.db.select().from(deliveries)).toEqual([]);
  });

  let sentId = '';
  it('sends each shopper the e-mail with their own product, each delivery with its slot', async () => {
    // One matched shopper unsubscribed since the matching: left out.
    await t.deps.dbh.db.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, email(13)));
    const id = await elementDraft();
    const count = await t.call(api.strategy.audienceCount, { token: o.token, query: { strategy_id: id } });
    expect(count.body.data.count).toBe(N - 1);
    const res = await save({ ...full(id), send_mode: 'now' });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.data).toMatchObject({ status: 'sending', stats: { recipients: N - 1 } });
    sentId = id;
    const done = await waitFor(async () => {
      const d = await t.call(api.strategy.detail, { token: o.token, query: { id } });
      return d.body.data.status === 'completed' && d.body.data;
    });
    expect(done.stats).toMatchObject({ recipients: N - 1, sent: N - 1 });
    const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, id));
    const subs = await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, o.shopId)).orderBy(asc(subscribers.id));
    const slotOf = new Map(subs.map((s, i) => [s.email!, i % 6]));
    expect(rows.length).toBe(N - 1);
    for (const r of rows) expect(r.variant, r.email!).toBe(slotOf.get(r.email!));
    expect(messageTo(email(13))).toBeUndefined();
    for (const r of rows) {
      const slot = r.variant!;
      const html = bodyOf(messageTo(r.email!)!.raw);
      expect(html, r.email!).toContain(product(slot).title);
      expect(html).toContain(formatMoney(product(slot).price, 'USD'));
      expect(html).toContain(`https://cdn.example.com/leaf-${slot}.jpg`);
      for (const other of [0, 1, 2, 3, 4, 5].filter((x) => x !== slot)) expect(html).not.toContain(product(other).title);
    }
    // The product's button leads, through the tracked link, to that shopper's product page.
    for (const r of rows.filter((x) => x.variant === 2 || x.variant === 5)) {
      const html = bodyOf(messageTo(r.email!)!.raw);
      const links = [...html.matchAll(/https:\/\/mail\.storecast\.test(\/api\/public\/c\/[A-Za-z0-9._-]+\/\d+)/g)].map((m) => m[1]!);
      const targets = await Promise.all([...new Set(links)].map(async (l) => (await t.app.inject({ method: 'GET', url: l })).headers.location as string));
      expect(targets.some((u) => u.startsWith(product(r.variant!).url))).toBe(true);
      expect(targets.some((u) => u.startsWith(product(r.variant === 2 ? 5 : 2).url))).toBe(false);
    }
  });

  it('reports each product\'s recipients, opens, clicks and attributed orders', async () => {
    const { db } = t.deps.dbh;
    await db.update(deliveries).set({ openedAt: null, clickedAt: null }).where(eq(deliveries.strategyId, sentId));
    const rows = await db.select().from(deliveries).where(eq(deliveries.strategyId, sentId)).orderBy(asc(deliveries.id));
    const inSlot = (slot: number) => rows.filter((r) => r.variant === slot);
    // A shopper of slot 1 opens; one of slot 3 clicks their product and buys.
    const opener = inSlot(1)[0]!;
    const pixel = /https:\/\/mail\.storecast\.test(\/api\/public\/o\/[A-Za-z0-9._-]+)/.exec(bodyOf(messageTo(opener.email!)!.raw))![1]!;
    expect((await t.app.inject({ method: 'GET', url: pixel })).statusCode).toBe(200);
    const buyer = inSlot(3)[0]!;
    const click = /https:\/\/mail\.storecast\.test(\/api\/public\/c\/[A-Za-z0-9._-]+\/\d+)/.exec(bodyOf(messageTo(buyer.email!)!.raw))![1]!;
    expect((await t.app.inject({ method: 'GET', url: click })).statusCode).toBe(302);
    await db.insert(orders).values({ shopId: o.shopId, externalId: 'o-leaf-3', subscriberId: buyer.subscriberId, currency: 'USD', total: 1333, placedAt: new Date(Date.now() + 60_000) });
    await saveSalesAttribution(db, shopScope(o.shopId), { window_days: 5, trigger: 'click' });
    const report = await t.call(api.strategy.report, { token: o.token, query: { id: sentId } });
    expect(report.body.code, report.body.msg).toBe(100);
    const el = report.body.data.elements!;
    expect(el.map((e) => e.slot)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(el.map((e) => e.product?.id)).toEqual(['leaf-0', 'leaf-1', 'leaf-2', 'leaf-3', 'leaf-4', 'leaf-5']);
    expect(el[0]!.product).toMatchObject({ title: product(0).title, price: product(0).price, compare_at_price: 2000, currency: 'USD' });
    expect(el.map((e) => e.recipients)).toEqual([0, 1, 2, 3, 4, 5].map((s) => inSlot(s).length));
    expect(el.map((e) => e.sent)).toEqual(el.map((e) => e.recipients));
    expect(el.map((e) => e.opened)).toEqual([0, 1, 0, 1, 0, 0]);
    expect(el.map((e) => e.clicked)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(el.map((e) => e.orders)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(el.map((e) => e.revenue)).toEqual([0, 0, 0, 1333, 0, 0]);
    // The products add up to the strategy's numbers.
    expect(report.body.data.strategy.stats).toMatchObject({ recipients: N - 1, opened: 2, clicked: 1, orders: 1, revenue: 1333 });
    // By open, the opener of slot 1 did not buy: still one order, on slot 3.
    await saveSalesAttribution(db, shopScope(o.shopId), { window_days: 5, trigger: 'open' });
    const byOpen = (await t.call(api.strategy.report, { token: o.token, query: { id: sentId } })).body.data.elements!;
    expect(byOpen.map((e) => e.orders)).toEqual([0, 0, 0, 1, 0, 0]);
    // A Segment Send has no per-product numbers.
    const seg = await save({ name: 'Segment', segment_ids: [ALL], content: DOC, send_mode: 'draft' });
    expect((await t.call(api.strategy.report, { token: o.token, query: { id: seg.body.data.id } })).body.data.elements).toBeNull();
  });

  it('previews a slot\'s product, or the first active product as a stand-in', async () => {
    const slot = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: ELEMENT_DOC, strategy_id: sentId, slot: 3 } });
    expect(slot.body.code, slot.body.msg).toBe(100);
    expect(slot.body.data.html).toContain(product(3).title);
    const stand = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: ELEMENT_DOC } });
    expect(stand.body.data.html).toContain(product(0).title);
    expect(stand.body.data.warnings).toEqual([]);
    // A store without an active product: the block stays empty, with a warning.
    const bare = await signUp(t, { name: 'Bare Tea' });
    const empty = await t.call(api.strategy.preview, { token: bare.token, body: { title: 'Hi', content: ELEMENT_DOC } });
    expect(empty.body.code, empty.body.msg).toBe(100);
    expect(empty.body.data.warnings).toEqual(['errors.content.matchedProductOutsideElement']);
    expect(empty.body.data.html).not.toContain('Leaf No');
    const grid: EmailDoc = { version: 1, blocks: [{ type: 'product_grid', id: 'g', product_ids: ['leaf-4', 'leaf-5'], columns: 2, button_text: '' }, FOOTER] };
    const g = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: grid } });
    expect(g.body.code, g.body.msg).toBe(100);
    expect(g.body.data.html).toContain(product(4).title);
    expect(g.body.data.html).toContain(product(5).title);
    const missing: EmailDoc = { version: 1, blocks: [{ type: 'product', id: 'p', product_id: 'nope', button_text: '', show_compare_at: true, align: 'center' }, FOOTER] };
    // A product gone from the catalogue: previewed without it, with a warning (a send is refused).
    const pm = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: missing } });
    expect(pm.body.code, pm.body.msg).toBe(100);
    expect(pm.body.data.warnings).toEqual(['errors.content.productMissing']);
    const notElement = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: ELEMENT_DOC, strategy_id: '00000000-0000-4000-8000-000000000000' } });
    expect(notElement.body.msg).toBe('The Element Send does not exist.');
  });

  it('schedules a send and records its shoppers with their slots when it starts', async () => {
    const id = await elementDraft();
    const later = await save({ ...full(id), send_mode: 'later', send_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    expect(later.body.code, later.body.msg).toBe(100);
    expect(later.body.data.status).toBe('pending');
    expect(await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, id))).toEqual([]);
    // Its time comes.
    await t.deps.dbh.db.update(strategies).set({ sendAt: new Date() }).where(eq(strategies.id, id));
    await runScheduledStart(t.deps, t.app.log, id);
    const done = await waitFor(async () => {
      const d = await t.call(api.strategy.detail, { token: o.token, query: { id } });
      return d.body.data.status === 'completed' && d.body.data;
    });
    expect(done.stats).toMatchObject({ recipients: N - 1, sent: N - 1 });
    const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, id));
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('leaves out shoppers mailed within the smart sending window when asked', async () => {
    const id = await elementDraft();
    const count = (smart: '0' | '1') => t.call(api.strategy.audienceCount, { token: o.token, query: { strategy_id: id, smart_sending: smart } });
    expect((await count('0')).body.data.count).toBe(N - 1);
    // Everyone subscribed got the Element Send above, within the store's 16 hours.
    expect((await count('1')).body.data.count).toBe(0);
    const res = await save({ ...full(id), smart_sending: true, send_mode: 'now' });
    expect(res.body.msg).toBe('Matching email cannot be 0.');
    const notElement = await t.call(api.strategy.audienceCount, { token: o.token, query: { strategy_id: 'x'.repeat(50) } });
    expect(notElement.status).toBe(404);
    expect((await t.call(api.strategy.audienceCount, { token: o.token, query: { strategy_id: 'x'.repeat(51) } })).status).toBe(400);
  });

  it('deletes an Element Send with its matching', async () => {
    const { db } = t.deps.dbh;
    const draft = await elementDraft();
    for (const id of [draft, sentId]) {
      const res = await t.call(api.strategy.remove, { token: o.token, body: { id } });
      expect(res.body.code, res.body.msg).toBe(100);
    }
    const ids = [draft, sentId];
    expect(await db.select().from(strategyElements).where(inArray(strategyElements.strategyId, ids))).toEqual([]);
    expect(await db.select().from(elementCandidates).where(inArray(elementCandidates.strategyId, ids))).toEqual([]);
    expect(await db.select().from(elementMatches).where(inArray(elementMatches.strategyId, ids))).toEqual([]);
    expect(await db.select().from(deliveries).where(inArray(deliveries.strategyId, ids))).toEqual([]);
    // Other drafts' matching stays.
    expect((await db.select().from(elementMatches).where(eq(elementMatches.shopId, o.shopId))).length).toBeGreaterThan(0);
  });

  it('draws a Segment Send\'s product blocks from the catalogue', async () => {
    const doc: EmailDoc = { version: 1, blocks: [{ type: 'product', id: 'p', product_id: 'leaf-4', button_text: '', show_compare_at: true, align: 'center' }, FOOTER] };
    const res = await save({ name: 'Leaf four', title: 'New leaf', segment_ids: [ALL], content: doc, send_mode: 'now' });
    expect(res.body.code, res.body.msg).toBe(100);
    await waitFor(async () => (await t.call(api.strategy.detail, { token: o.token, query: { id: res.body.data.id } })).body.data.status === 'completed');
    const mine = sink.messages.filter((m) => m.to.includes(email(0)));
    const html = bodyOf(mine[mine.length - 1]!.raw);
    expect(html).toContain(product(4).title);
    expect(html).toContain(formatMoney(product(4).price, 'USD'));
    // A product gone from the catalogue: refused, naming it.
    const gone = await save({ name: 'Gone', title: 'Gone', segment_ids: [ALL], content: { ...doc, blocks: [{ ...doc.blocks[0]!, product_id: 'nope' }, FOOTER] }, send_mode: 'now' });
    expect(gone.body.msg).toBe('Product nope is not in the catalogue; choose it again.');
  });
});
