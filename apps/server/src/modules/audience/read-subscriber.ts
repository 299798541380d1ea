import { type Db, events, orderItems, orders, type ShopScope, subscribers as s } from '@storecast/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { activityLevelSql } from './activity-level.ts';
import { subscriberColumns, tagsOf, toRow } from './list-subscribers.ts';

/** One subscriber with attributes, tags, consent, the latest 20 orders and 50 events. */
export async function readSubscriber(db: Db, scope: ShopScope, idText: string) {
  if (!/^\d{1,18}$/.test(idText)) throw notFound();
  const id = Number(idText);
  const [row] = await db.select({
    ...subscriberColumns, activityLevel: activityLevelSql(), attributes: s.attributes, consent: s.consent, smsConsent: s.smsConsent,
    orderCount: s.orderCount, totalSpent: s.totalSpent, lastOrderAt: s.lastOrderAt,
  }).from(s).where(scope.where(s, eq(s.id, id)));
  if (!row) throw notFound();
  const [tagMap, orderRows, eventRows] = await Promise.all([
    tagsOf(db, scope, [id]),
    db.select({ key: orders.id, id: orders.externalId, total: orders.total, currency: orders.currency, placedAt: orders.placedAt })
      .from(orders).where(scope.where(orders, eq(orders.subscriberId, id))).orderBy(desc(orders.placedAt)).limit(20),
    db.select({ type: events.type, occurredAt: events.occurredAt, subject: events.subject })
      .from(events).where(scope.where(events, eq(events.subscriberId, id))).orderBy(desc(events.occurredAt)).limit(50),
  ]);
  const itemCounts = await unitsPerOrder(db, scope, orderRows.map((o) => o.key));
  return {
    ...toRow(row, tagMap.get(id) ?? []),
    attributes: row.attributes,
    consent: row.consent ?? null,
    sms_consent: row.smsConsent ?? null,
    order_count: row.orderCount,
    total_spent: Number(row.totalSpent),
    last_order_at: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    orders: orderRows.map((o) => ({
      id: o.id, total: Number(o.total), currency: o.currency, placed_at: new Date(o.placedAt).toISOString(), items: itemCounts.get(o.key) ?? 0,
    })),
    events: eventRows.map((e) => ({ type: e.type, occurred_at: new Date(e.occurredAt).toISOString(), subject: e.subject })),
  };
}

/** Units bought per order (the sum of line quantities), for the order list. */
async function unitsPerOrder(db: Db, scope: ShopScope, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: orderItems.orderId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems).where(scope.where(orderItems, inArray(orderItems.orderId, orderIds))).groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.units)]));
}
