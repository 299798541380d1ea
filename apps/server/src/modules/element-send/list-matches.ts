import { elementMatches, type ShopScope, subscribers } from '@storecast/db';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { findElementStrategy } from './choose-products.ts';

/** The shoppers one product was matched to, best score first, a page at a time. */
export async function listMatches(deps: Deps, scope: ShopScope, q: { id: string; slot: number; page: number; page_size: number }) {
  await findElementStrategy(deps, scope, q.id);
  const { db } = deps.dbh;
  const mine = scope.where(elementMatches, eq(elementMatches.strategyId, q.id), eq(elementMatches.slot, q.slot));
  const [rows, [total]] = await Promise.all([
    db.select({
      subscriber_id: elementMatches.subscriberId, email: subscribers.email, first_name: subscribers.firstName,
      last_name: subscribers.lastName, score: elementMatches.score,
    }).from(elementMatches)
      .leftJoin(subscribers, and(eq(subscribers.id, elementMatches.subscriberId), eq(subscribers.shopId, elementMatches.shopId)))
      .where(mine)
      .orderBy(desc(elementMatches.score), asc(elementMatches.subscriberId))
      .limit(q.page_size).offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(elementMatches).where(mine),
  ]);
  return {
    items: rows.map((r) => ({ ...r, first_name: r.first_name ?? '', last_name: r.last_name ?? '' })),
    total: Number(total?.n ?? 0),
  };
}
