import {
  isUuid, popupConditionsSchema, popupContentSchema, type StorefrontPopup, type StorefrontVisitor,
} from '@storecast/contract';
import { coupons, type Db, popups, type ShopScope, subscribers as s, visitors } from '@storecast/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/**
 * What the script needs on a page: the store's switched-on pop-ups whose schedule has not ended
 * (the script applies the rest of the conditions), whether each reveals a coupon (the code comes
 * only with a sign-up's answer), and what the store knows of this visitor. The subscription
 * pop-up comes first, then the pop-up centre's, newest first.
 */
export async function readStorefrontConfig(
  db: Db, scope: ShopScope, visitorId: string | undefined,
): Promise<{ popups: StorefrontPopup[]; visitor: StorefrontVisitor }> {
  const [rows, visitor] = await Promise.all([
    db.select().from(popups).where(scope.where(popups, eq(popups.enabled, true)))
      .orderBy(sql`${popups.kind} = 'main' desc`, desc(popups.createdAt)).limit(100),
    visitorFacts(db, scope, visitorId),
  ]);
  const now = Date.now();
  const live: (StorefrontPopup & { couponId: string | null })[] = [];
  for (const row of rows) {
    const content = popupContentSchema.safeParse(row.content);
    const conditions = popupConditionsSchema.safeParse(row.conditions);
    // A document that no longer parses (a rule tightened since it was saved) is skipped rather
    // than breaking every page of the store.
    if (!content.success || !conditions.success) continue;
    const end = conditions.data.schedule.end_at;
    if (end && new Date(end).getTime() <= now) continue;
    live.push({
      id: row.id, kind: row.kind, content: content.data, conditions: conditions.data, has_coupon: false,
      updated_at: row.updatedAt.toISOString(), couponId: content.data.coupon_preset_id,
    });
  }
  const wanted = [...new Set(live.map((p) => p.couponId).filter((id): id is string => !!id && isUuid(id)))];
  const present = wanted.length
    ? new Set((await db.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, inArray(coupons.id, wanted)))).map((c) => c.id))
    : new Set<string>();
  return {
    popups: live.map(({ couponId, ...p }) => ({ ...p, has_coupon: !!couponId && present.has(couponId) })),
    visitor,
  };
}

/** Subscriber, customer and days since the last order of the subscriber the visitor was joined to. */
async function visitorFacts(db: Db, scope: ShopScope, visitorId: string | undefined): Promise<StorefrontVisitor> {
  const none = { subscriber: false, customer: false, days_since_order: null };
  if (!visitorId) return none;
  const [row] = await db.select({ status: s.status, orderCount: s.orderCount, lastOrderAt: s.lastOrderAt })
    .from(visitors).innerJoin(s, eq(s.id, visitors.subscriberId))
    .where(scope.where(visitors, and(eq(visitors.visitorId, visitorId), eq(s.shopId, scope.shopId))))
    .limit(1);
  if (!row) return none;
  return {
    subscriber: row.status === 'subscribed',
    customer: row.orderCount > 0,
    days_since_order: row.lastOrderAt ? Math.max(0, Math.floor((Date.now() - row.lastOrderAt.getTime()) / DAY_MS)) : null,
  };
}
