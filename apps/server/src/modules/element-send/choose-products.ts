import { isUuid, type Locale, ResultCode, translateError } from '@storecast/contract';
import {
  elementCandidates, elementMatches, shops, type ShopScope, strategies, strategyElements,
} from '@storecast/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findBlockedIds, findProductByRef, type ProductRow } from '../catalogue/index.ts';
import { queueSlots, type SlotJob } from './match-queue.ts';

type Tx = Parameters<Parameters<Deps['dbh']['db']['transaction']>[0]>[0];

/** An Element Send of this store, or "does not exist" (another store's id, a Segment Send's, a malformed one). */
export async function findElementStrategy(deps: Deps, scope: ShopScope, id: string) {
  if (!isUuid(id)) throw notFound('errors.element.notFound');
  const [s] = await deps.dbh.db.select().from(strategies)
    .where(scope.where(strategies, eq(strategies.id, id), eq(strategies.kind, 'element')));
  if (!s) throw notFound('errors.element.notFound');
  return s;
}

/**
 * A store whose Element Send is switched off (`shops.guide_flags.element_send`, the session
 * user's `shop_guide_flag`; the admin hides the menu entry) starts none; its sends stay readable.
 */
async function requireElementSendOn(deps: Deps, scope: ShopScope) {
  const [shop] = await deps.dbh.db.select({ flags: shops.guideFlags }).from(shops).where(eq(shops.id, scope.shopId));
  if (shop?.flags.element_send === false) throw new AppError('errors.element.disabled', 403);
}

/** Products may change until the send goes: a draft, or one that ended in exception before sending. */
async function findEditable(deps: Deps, scope: ShopScope, id: string) {
  const s = await findElementStrategy(deps, scope, id);
  if (s.status !== 'draft' && s.status !== 'exception') throw new AppError('errors.element.notEditable', 409);
  return s;
}

/**
 * Resolves each ref (id or handle) to a product; a miss names its place in the list (`products.N`),
 * and so does a product on the store's blocked list, which Element Send never promotes.
 */
async function resolveRefs(deps: Deps, scope: ShopScope, refs: string[], field: (i: number) => string, locale: Locale) {
  const out: ProductRow[] = [];
  for (const [i, ref] of refs.entries()) {
    try {
      out.push(await findProductByRef(deps, scope, ref));
    } catch (err) {
      if (!(err instanceof AppError) || err.key !== 'errors.catalogue.notFound') throw err;
      throw new AppError(err.key, 404, ResultCode.NOT_FOUND, {}, { fields: { [field(i)]: translateError(locale, err.key) } });
    }
  }
  const blocked = await findBlockedIds(deps.dbh.db, scope, out.map((p) => p.id));
  const first = out.findIndex((p) => blocked.has(p.id));
  if (first >= 0) {
    const key = 'errors.element.productBlocked';
    throw new AppError(key, 400, ResultCode.INVALID, {}, { fields: { [field(first)]: translateError(locale, key) } });
  }
  return out;
}

const duplicate = (locale: Locale, field: string) =>
  new AppError('errors.element.duplicate', 400, ResultCode.INVALID, {}, { fields: { [field]: translateError(locale, 'errors.element.duplicate') } });

/**
 * POST /element/match. Without id: a new draft Element Send (kind `element`, default name with
 * the store's date) with its six products, matching started. With id: the draft's products
 * replaced; only slots whose product changed (or that failed) start again, the others keep
 * their scores. Two refs naming one product (an id and its handle) are a duplicate.
 */
export async function chooseProducts(
  deps: Deps, scope: ShopScope, body: { id?: string; name?: string; products: string[] }, locale: Locale,
): Promise<string> {
  await requireElementSendOn(deps, scope);
  const existing = body.id ? await findEditable(deps, scope, body.id) : null;
  const rows = await resolveRefs(deps, scope, body.products, (i) => `products.${i}`, locale);
  const seen = new Set<number>();
  for (const [i, p] of rows.entries()) {
    if (seen.has(p.id)) throw duplicate(locale, `products.${i}`);
    seen.add(p.id);
  }
  if (!existing) {
    const name = body.name ?? translateError(locale, 'notices.element.defaultName', { date: await storeToday(deps, scope) });
    const id = await deps.dbh.db.transaction(async (tx) => {
      const [s] = await tx.insert(strategies).values(scope.values({
        kind: 'element' as const, name, title: '', utm: { source: 'storecast', medium: 'email', campaign: '' },
        content: null, locale: locale as 'zh-CN' | 'en-US',
      })).returning({ id: strategies.id });
      await tx.insert(strategyElements).values(rows.map((p, slot) => scope.values({ strategyId: s!.id, slot, productId: p.id, attempt: 1 })));
      return s!.id;
    });
    await queueSlots(deps, rows.map((_, slot) => ({ strategyId: id, slot, attempt: 1 })));
    return id;
  }
  const id = existing.id;
  const jobs = await deps.dbh.db.transaction(async (tx) => {
    await lockStrategy(tx, scope, id);
    if (body.name) await tx.update(strategies).set({ name: body.name, updatedAt: new Date() }).where(scope.where(strategies, eq(strategies.id, id)));
    const slots = await tx.select().from(strategyElements).where(scope.where(strategyElements, eq(strategyElements.strategyId, id)));
    const bySlot = new Map(slots.map((s) => [s.slot, s]));
    const restart = rows.map((p, slot) => ({ slot, productId: p.id }))
      .filter(({ slot, productId }) => bySlot.get(slot)?.productId !== productId || bySlot.get(slot)?.status === 'failed');
    return restartSlots(tx, scope, id, restart);
  });
  await queueSlots(deps, jobs);
  return id;
}

/** POST /element/retry: the failed slots start again with the same products. */
export async function retryFailed(deps: Deps, scope: ShopScope, id: string) {
  await findEditable(deps, scope, id);
  const jobs = await deps.dbh.db.transaction(async (tx) => {
    await lockStrategy(tx, scope, id);
    const failed = await tx.select({ slot: strategyElements.slot, productId: strategyElements.productId }).from(strategyElements)
      .where(scope.where(strategyElements, eq(strategyElements.strategyId, id), eq(strategyElements.status, 'failed')));
    if (failed.length === 0) throw new AppError('errors.element.nothingToRetry', 400);
    return restartSlots(tx, scope, id, failed);
  });
  await queueSlots(deps, jobs);
}

/**
 * POST /element/change: one slot gets another product and starts again; a product already in
 * another slot is refused. The same product again restarts the slot only if it failed.
 */
export async function changeProduct(deps: Deps, scope: ShopScope, body: { id: string; slot: number; product: string }, locale: Locale) {
  await findEditable(deps, scope, body.id);
  const [product] = await resolveRefs(deps, scope, [body.product], () => 'product', locale);
  const jobs = await deps.dbh.db.transaction(async (tx) => {
    await lockStrategy(tx, scope, body.id);
    const slots = await tx.select().from(strategyElements).where(scope.where(strategyElements, eq(strategyElements.strategyId, body.id)));
    if (slots.some((s) => s.slot !== body.slot && s.productId === product!.id)) throw duplicate(locale, 'product');
    const current = slots.find((s) => s.slot === body.slot);
    if (current?.productId === product!.id && current.status !== 'failed') return [];
    return restartSlots(tx, scope, body.id, [{ slot: body.slot, productId: product!.id }]);
  });
  await queueSlots(deps, jobs);
}

/**
 * The strategy's row, locked for the rest of the transaction: slot restarts and slot completions
 * (run-match-slot.ts) of one strategy take turns, always strategy row first, then slot rows.
 */
async function lockStrategy(tx: Tx, scope: ShopScope, id: string) {
  await tx.select({ id: strategies.id }).from(strategies).where(scope.where(strategies, eq(strategies.id, id))).for('no key update');
}

/**
 * Puts slots back to pending with a new attempt (a job of an older attempt then writes nothing),
 * drops their scores, and drops the assignment, which is made again when all six are done.
 */
async function restartSlots(tx: Tx, scope: ShopScope, id: string, slots: { slot: number; productId: number | null }[]): Promise<SlotJob[]> {
  if (slots.length === 0) return [];
  const jobs: SlotJob[] = [];
  for (const { slot, productId } of slots) {
    const [r] = await tx.update(strategyElements).set({
      productId, status: 'pending', failure: null, candidates: 0, attempt: sql`${strategyElements.attempt} + 1`,
      startedAt: null, finishedAt: null,
    }).where(scope.where(strategyElements, eq(strategyElements.strategyId, id), eq(strategyElements.slot, slot)))
      .returning({ attempt: strategyElements.attempt });
    if (r) jobs.push({ strategyId: id, slot, attempt: r.attempt });
  }
  await tx.delete(elementCandidates).where(scope.where(elementCandidates, and(
    eq(elementCandidates.strategyId, id), inArray(elementCandidates.slot, slots.map((s) => s.slot)),
  )));
  await tx.delete(elementMatches).where(scope.where(elementMatches, eq(elementMatches.strategyId, id)));
  await tx.update(strategyElements).set({ matched: 0 }).where(scope.where(strategyElements, eq(strategyElements.strategyId, id)));
  return jobs;
}

/** Today in the store's time zone, as YYYY-MM-DD, for the default name. */
async function storeToday(deps: Deps, scope: ShopScope) {
  const [shop] = await deps.dbh.db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: shop?.timezone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
