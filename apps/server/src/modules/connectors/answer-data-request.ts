import { customers, type Db, orders, type ShopScope, subscribers } from '@storecast/db';
import { eq, inArray, or, type SQL } from 'drizzle-orm';

/**
 * A customer's data request (Shopify's mandatory `customers/data_request`): the personal data
 * held about them here, recorded as the answer the store owner hands on. Found by the platform's
 * customer id or e-mail; not by phone alone, which family members share.
 */
export async function answerDataRequest(db: Db, scope: ShopScope, who: { customerId: string | null; email: string | null; phone: string | null }) {
  const byCustomer = orOf([
    who.customerId ? eq(customers.externalId, who.customerId) : undefined,
    who.email ? eq(customers.email, who.email.trim().toLowerCase()) : undefined,
  ]);
  const bySubscriber = orOf([
    who.customerId ? eq(subscribers.customerRef, who.customerId) : undefined,
    who.email ? eq(subscribers.email, who.email.trim().toLowerCase()) : undefined,
  ]);
  const cs = byCustomer ? await db.select({
    id: customers.externalId, email: customers.email, phone: customers.phone, firstName: customers.firstName,
    lastName: customers.lastName, attributes: customers.attributes,
  }).from(customers).where(scope.where(customers, byCustomer)) : [];
  const ss = bySubscriber ? await db.select({
    id: subscribers.id, email: subscribers.email, phone: subscribers.phone, firstName: subscribers.firstName, lastName: subscribers.lastName,
    status: subscribers.status, smsStatus: subscribers.smsStatus, subscribedAt: subscribers.subscribedAt, attributes: subscribers.attributes,
    consent: subscribers.consent, smsConsent: subscribers.smsConsent,
  }).from(subscribers).where(scope.where(subscribers, bySubscriber)) : [];
  const ids = ss.map((s) => s.id);
  const byOrder = orOf([
    ids.length ? inArray(orders.subscriberId, ids) : undefined,
    who.customerId ? eq(orders.customerRef, who.customerId) : undefined,
  ]);
  const os = byOrder
    ? await db.select({ id: orders.externalId, placedAt: orders.placedAt, total: orders.total, currency: orders.currency })
        .from(orders).where(scope.where(orders, byOrder))
    : [];
  return { customers: cs, subscribers: ss, orders: os };
}

export function orOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const list = conditions.filter((c) => c !== undefined);
  return list.length ? or(...list) : undefined;
}
