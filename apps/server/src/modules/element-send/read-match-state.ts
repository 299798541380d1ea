import {
  type ElementMatchState, type ElementMatchStatus, LIMITS, type Locale, translateError,
} from '@storecast/contract';
import { products, productVariants, type ShopScope, strategyElements } from '@storecast/db';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { toProductSummary } from '../catalogue/index.ts';
import { findElementStrategy } from './choose-products.ts';

const RUNNING = new Set(['pending', 'querying', 'calculating']);

/**
 * The matching as the admin shows it: per product its step, failure and counts; overall idle
 * (never started), running (a product still pending or working), failed (nothing running and a
 * product failed: "Element matching failed (x/6)"), or done (all six, shoppers assigned).
 */
export async function readMatchState(deps: Deps, scope: ShopScope, id: string, locale: Locale): Promise<ElementMatchState> {
  await findElementStrategy(deps, scope, id);
  const { db } = deps.dbh;
  const rows = await db.select({ el: strategyElements, product: products }).from(strategyElements)
    .leftJoin(products, eq(products.id, strategyElements.productId))
    .where(scope.where(strategyElements, eq(strategyElements.strategyId, id)))
    .orderBy(asc(strategyElements.slot));
  const ids = rows.flatMap((r) => (r.product ? [r.product.id] : []));
  const variants = ids.length === 0 ? [] : await db.select({ productId: productVariants.productId, n: count() }).from(productVariants)
    .where(scope.where(productVariants, inArray(productVariants.productId, ids))).groupBy(productVariants.productId);
  const variantCount = new Map(variants.map((v) => [v.productId, Number(v.n)]));
  const slots = rows.map(({ el, product }) => ({
    slot: el.slot,
    product: product ? toProductSummary(product, variantCount.get(product.id) ?? 0) : null,
    status: el.status,
    failure: el.failure ? { key: el.failure, msg: translateError(locale, el.failure, { num: el.slot + 1 }) } : null,
    candidates: el.candidates,
    matched: el.matched,
  }));
  const total = LIMITS.elementSendProducts;
  const done = slots.filter((s) => s.status === 'done').length;
  const status = overallStatus(rows.map((r) => r.el), done, total);
  return {
    strategy_id: id,
    status,
    progress: { done, total },
    slots,
    matched_total: slots.reduce((n, s) => n + s.matched, 0),
    message: status === 'failed' ? translateError(locale, 'errors.element.matchFailed', { done, total }) : null,
    can_send: status === 'done' && slots.every((s) => s.matched > 0),
  };
}

function overallStatus(slots: { status: string; attempt: number }[], done: number, total: number): ElementMatchStatus {
  if (slots.every((s) => s.status === 'pending' && s.attempt === 0)) return 'idle';
  if (slots.some((s) => RUNNING.has(s.status))) return 'running';
  return done === total ? 'done' : 'failed';
}
