import { type Db, events, type ShopScope, visitors } from '@storecast/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Joins an anonymous visitor to a subscriber: the visitor row remembers it (so later events are
 * the subscriber's at once) and the visitor's events so far move over, so segments and flows
 * see what the shopper did before signing up.
 */
export async function joinVisitor(db: Db, scope: ShopScope, visitorId: string, subscriberId: number): Promise<void> {
  await db.insert(visitors).values(scope.values({ visitorId, subscriberId }))
    .onConflictDoUpdate({ target: [visitors.shopId, visitors.visitorId], set: { subscriberId, lastSeenAt: sql`now()` } });
  await db.update(events).set({ subscriberId })
    .where(scope.where(events, and(eq(events.visitorId, visitorId), isNull(events.subscriberId))));
}
