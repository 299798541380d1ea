import { type Db, elementMatches as m, products, type ShopScope, strategyElements as e, subscribers as s } from '@storecast/db';
import { asc, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { isBlocked, type ProductRow } from '../catalogue/index.ts';
import { notRecentlyMailed, readSmartSendingHours } from './smart-sending.ts';

export const ELEMENT_SLOTS = 6;

/** `blocked`: the slot's product is on the store's blocked list now (blocked after it was matched). */
export type ElementSlot = { slot: number; status: string; matched: number; product: ProductRow | null; blocked: boolean };

/**
 * An Element Send's six slots with their products, from the matching's own rows (modules/element-send
 * writes them). A slot whose product was deleted has none; an archived one counts as gone too, as
 * its page no longer sells, unless `archived` (a report of what was sent).
 */
export async function readElementSlots(db: Db, scope: ShopScope, strategyId: string, opts: { archived?: boolean } = {}): Promise<ElementSlot[]> {
  const rows = await db.select({ slot: e.slot, status: e.status, matched: e.matched, product: products, blocked: isBlocked() })
    .from(e).leftJoin(products, eq(products.id, e.productId))
    .where(scope.where(e, eq(e.strategyId, strategyId))).orderBy(asc(e.slot));
  return rows.map((r) => ({
    slot: r.slot, status: r.status, matched: r.matched, blocked: r.product !== null && Boolean(r.blocked),
    product: r.product && (opts.archived || r.product.status !== 'archived') ? r.product : null,
  }));
}

/**
 * Sending needs the matching done for all six products (SPEC section 8): any failed slot fails the
 * whole matching, any unfinished one is still matching, and each product must have shoppers.
 */
export function requireMatchingDone(slots: ElementSlot[]) {
  if (slots.length < ELEMENT_SLOTS) throw new AppError('errors.element.notMatched', 400);
  const done = slots.filter((x) => x.status === 'done').length;
  if (slots.some((x) => x.status === 'failed')) throw new AppError('errors.element.matchFailed', 400, undefined, { done, total: ELEMENT_SLOTS });
  if (done < ELEMENT_SLOTS) throw new AppError('errors.element.stillMatching', 409);
  if (slots.some((x) => x.matched <= 0)) throw new AppError('errors.element.matchingZero', 400);
}

/**
 * The product of each slot; a slot without one stops the send with its number, and so does one
 * blocked since it was matched: a blocked product is never mailed to shoppers.
 */
export function requireSlotProducts(slots: ElementSlot[]): ProductRow[] {
  return slots.map((x) => {
    if (!x.product) throw new AppError('errors.element.productGone', 400, undefined, { num: x.slot + 1 });
    if (x.blocked) throw new AppError('errors.element.slotBlocked', 400, undefined, { num: x.slot + 1 });
    return x.product;
  });
}

/**
 * Who an Element Send reaches: each shopper matched to a product, still subscribed with an
 * e-mail (and, with smart sending, not mailed within the store's window), with that product's slot.
 * Yields `subscriber_id, email, variant` for the engine's addRecipientsFrom.
 */
export async function elementAudienceSelect(db: Db, scope: ShopScope, strategyId: string, smartSending: boolean): Promise<SQL> {
  const hours = smartSending ? await readSmartSendingHours(db, scope.shopId) : 0;
  const courtesy = hours > 0 ? sql` and ${notRecentlyMailed(hours)}` : sql``;
  return sql`select ${s.id}, ${s.email}, ${m.slot} from ${m} join ${s} on ${s.id} = ${m.subscriberId} and ${s.shopId} = ${m.shopId}
    where ${m.strategyId} = ${strategyId} and ${m.shopId} = ${scope.shopId} and ${s.status} = 'subscribed' and ${s.email} is not null${courtesy}`;
}

/** How many the send would reach now (the same audience as elementAudienceSelect). */
export async function countElementAudience(deps: Deps, scope: ShopScope, strategyId: string, smartSending: boolean): Promise<number> {
  const { db } = deps.dbh;
  const hours = smartSending ? await readSmartSendingHours(db, scope.shopId) : 0;
  const [r] = await db.select({ n: count() }).from(m)
    .innerJoin(s, sql`${s.id} = ${m.subscriberId} and ${s.shopId} = ${m.shopId}`)
    .where(scope.where(m, eq(m.strategyId, strategyId), sql`${s.status} = 'subscribed'`, isNotNull(s.email), hours > 0 ? notRecentlyMailed(hours) : undefined));
  return Number(r?.n ?? 0);
}
