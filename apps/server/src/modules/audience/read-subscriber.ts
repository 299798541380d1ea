import { consentEvents as ce, consentRecords as cr, type Db, events, orderItems, orders, type ShopScope, subscribers as s } from '@storecast/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { activityLevelSql } from './activity-level.ts';
import { subscriberColumns, tagsOf, toRow } from './list-subscribers.ts';

/** One subscriber with attributes, tags, consent and its history, the latest 20 orders and 50 events. */
export async function readSubscriber(db: Db, scope: ShopScope, idText: string) {
  if (!/^\d{1,18}$/.test(idText)) throw notFound();
  const id = Number(idText);
  const [row] = await db.select({
    ...subscriberColumns, activityLevel: activityLevelSql(), attributes: s.attributes, consent: s.consent, smsConsent: s.smsConsent,
    orderCount: s.orderCount, totalSpent: s.totalSpent, lastOrderAt: s.lastOrderAt,
  }).from(s).where(scope.where(s, eq(s.id, id)));
  if (!row) throw notFound();
  const [tagMap, orderRows, eventRows, history] = await Promise.all([
    tagsOf(db, scope, [id]),
    db.select({ key: orders.id, id: orders.externalId, total: orders.total, currency: orders.currency, placedAt: orders.placedAt })
      .from(orders).where(scope.where(orders, eq(orders.subscriberId, id))).orderBy(desc(orders.placedAt)).limit(20),
    db.select({ type: events.type, occurredAt: events.occurredAt, subject: events.subject })
      .from(events).where(scope.where(events, eq(events.subscriberId, id))).orderBy(desc(events.occurredAt)).limit(50),
    readConsentHistory(db, scope, id),
  ]);
  const itemCounts = await unitsPerOrder(db, scope, orderRows.map((o) => o.key));
  return {
    ...toRow(row, tagMap.get(id) ?? []),
    attributes: row.attributes,
    consent: row.consent ?? null,
    sms_consent: row.smsConsent ?? null,
    consent_history: history,
    order_count: row.orderCount,
    total_spent: Number(row.totalSpent),
    last_order_at: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    orders: orderRows.map((o) => ({
      id: o.id, total: Number(o.total), currency: o.currency, placed_at: new Date(o.placedAt).toISOString(), items: itemCounts.get(o.key) ?? 0,
    })),
    events: eventRows.map((e) => ({ type: e.type, occurred_at: new Date(e.occurredAt).toISOString(), subject: e.subject })),
  };
}

/**
 * The whole consent history, newest first: it is the proof an owner shows, so none of it is cut
 * (a subscriber gathers a few entries a year, not thousands).
 */
async function readConsentHistory(db: Db, scope: ShopScope, id: number) {
  const rows = await db.select({
    channel: ce.channel, kind: ce.kind, via: ce.via, occurredAt: ce.occurredAt, ip: ce.ip, userAgent: ce.userAgent, detail: ce.detail,
    popupName: cr.popupName, pageUrl: cr.pageUrl, language: cr.language, wording: cr.wording,
  }).from(ce)
    .leftJoin(cr, and(eq(cr.id, ce.consentRecordId), eq(cr.shopId, ce.shopId)))
    .where(scope.where(ce, eq(ce.subscriberId, id)))
    .orderBy(desc(ce.occurredAt), desc(ce.id));
  return rows.map((e) => ({
    channel: e.channel, kind: e.kind, via: e.via, occurred_at: new Date(e.occurredAt).toISOString(), ip: e.ip, user_agent: e.userAgent,
    detail: e.detail, popup_name: e.popupName, page_url: e.pageUrl, language: e.language, wording: e.wording,
  }));
}

/** Units bought per order (the sum of line quantities), for the order list. */
async function unitsPerOrder(db: Db, scope: ShopScope, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: orderItems.orderId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems).where(scope.where(orderItems, inArray(orderItems.orderId, orderIds))).groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.units)]));
}
