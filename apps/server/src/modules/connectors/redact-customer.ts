import { customers, type Db, deliveries, orders, platformWebhooks, type ShopScope, subscribers } from '@storecast/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { orOf } from './answer-data-request.ts';

/**
 * A customer's erasure (Shopify's mandatory `customers/redact`), found by the platform's customer
 * id or e-mail (not by a phone alone, which family members share): their customer record and
 * subscriber go (the subscriber's events, tags, consent records and flow runs with it, by their
 * foreign keys), the addresses on their deliveries are blanked and a queued one cancelled, and
 * their orders, the ones named included, keep their amounts for the store's figures but lose the
 * e-mail and customer id; an earlier data request's recorded answer about them is cleared.
 */
export async function redactCustomer(
  db: Db, scope: ShopScope, who: { customerId: string | null; email: string | null; phone: string | null; orderIds: string[] },
): Promise<{ customers: number; subscribers: number; orders: number }> {
  const email = who.email?.trim().toLowerCase() || null;
  const bySubscriber = orOf([
    who.customerId ? eq(subscribers.customerRef, who.customerId) : undefined,
    email ? eq(subscribers.email, email) : undefined,
  ]);
  const subs = bySubscriber ? await db.select({ id: subscribers.id }).from(subscribers).where(scope.where(subscribers, bySubscriber)) : [];
  const ids = subs.map((s) => s.id);
  const byOrder = orOf([
    ids.length ? inArray(orders.subscriberId, ids) : undefined,
    who.customerId ? eq(orders.customerRef, who.customerId) : undefined,
    who.orderIds.length ? inArray(orders.externalId, who.orderIds) : undefined,
    email ? eq(orders.email, email) : undefined,
  ]);
  const os = byOrder
    ? await db.update(orders).set({ email: null, customerRef: null }).where(scope.where(orders, byOrder)).returning({ id: orders.id })
    : [];
  if (ids.length) {
    // A delivery being sent right now is left to finish; its address is not read again after.
    await db.update(deliveries).set({
      email: null, phone: null, status: sql`case when ${deliveries.status} = 'queued' then 'cancelled' else ${deliveries.status} end`,
    }).where(scope.where(deliveries, and(inArray(deliveries.subscriberId, ids), ne(deliveries.status, 'sending'))));
    await db.delete(subscribers).where(scope.where(subscribers, inArray(subscribers.id, ids)));
  }
  const byCustomer = orOf([
    who.customerId ? eq(customers.externalId, who.customerId) : undefined,
    email ? eq(customers.email, email) : undefined,
  ]);
  const cs = byCustomer ? await db.delete(customers).where(scope.where(customers, byCustomer)).returning({ id: customers.id }) : [];
  // An earlier data request's answer holds the same data. (Applied webhooks keep no body.)
  const byAnswer = orOf([
    email ? sql`position(${JSON.stringify(email)} in ${platformWebhooks.answer}) > 0` : undefined,
    who.customerId ? sql`position(${`"id":"${who.customerId}"`} in ${platformWebhooks.answer}) > 0` : undefined,
  ]);
  if (byAnswer) {
    await db.update(platformWebhooks).set({ answer: null })
      .where(scope.where(platformWebhooks, eq(platformWebhooks.topic, 'customers/data_request'), byAnswer));
  }
  return { customers: cs.length, subscribers: ids.length, orders: os.length };
}
