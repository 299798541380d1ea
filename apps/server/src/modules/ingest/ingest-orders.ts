import { ingestOrderSchema, type Locale } from '@storecast/contract';
import { customers, type Db, orderItems, orders, type ShopScope } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { checkItems, contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { findSubscriber } from './find-subscriber.ts';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { onOrdersPlaced, rawConnectionOf } from '../flows/index.ts';

/**
 * Upserts orders by the store's id, replacing their line items, and links each to a subscriber
 * (by customer id, the customer's e-mail, or the order's e-mail). The touched subscribers'
 * order count, total spent and last order date are then recomputed from their orders, not
 * incremented, so sending the same order twice changes nothing.
 */
export async function ingestOrders(db: Db, scope: ShopScope, raw: unknown, locale: Locale): Promise<IngestResult> {
  const { items, result } = checkItems(raw, 'orders', ingestOrderSchema, locale);
  const touched = new Set<number>();
  for (const { index, item: o } of items) {
    // Other requests get a turn between items (the embedded database shares one thread).
    await giveOthersATurn();
    const contact = contactOf({ email: o.email });
    if ('bad' in contact) {
      rejectItem(result, index, contact.bad, locale, contact.field);
      continue;
    }
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      let email = contact.email;
      if (!email && o.customer_id) {
        const [c] = await tx.select({ email: customers.email }).from(customers)
          .where(scope.where(customers, eq(customers.externalId, o.customer_id)));
        email = c?.email ?? null;
      }
      const subscriberId = await findSubscriber(tx, scope, { customerId: o.customer_id, email });
      const [before] = await tx.select({ subscriberId: orders.subscriberId }).from(orders)
        .where(scope.where(orders, eq(orders.externalId, o.id)));
      const fields = {
        customerRef: o.customer_id ?? null, subscriberId, email: contact.email, currency: o.currency.toUpperCase(),
        total: o.total, status: o.status, placedAt: new Date(o.placed_at),
        ...(o.discount_codes ? { discountCodes: o.discount_codes } : {}),
      };
      const [row] = await tx.insert(orders).values(scope.values({ externalId: o.id, ...fields }))
        .onConflictDoUpdate({ target: [orders.shopId, orders.externalId], set: fields })
        .returning({ id: orders.id });
      await tx.delete(orderItems).where(scope.where(orderItems, eq(orderItems.orderId, row!.id)));
      if (o.items.length) {
        await tx.insert(orderItems).values(o.items.map((i) => scope.values({
          orderId: row!.id, productId: i.product_id, title: i.title, quantity: i.quantity, price: i.price,
        })));
      }
      // Ends runs the order exits and starts post-purchase, with the order.
      await onOrdersPlaced(rawConnectionOf(tx), scope.shopId, [row!.id]);
      if (before) result.updated += 1;
      else result.created += 1;
      if (before?.subscriberId) touched.add(before.subscriberId);
      if (subscriberId) touched.add(subscriberId);
    });
  }
  await recomputeOrderSummary(db, scope, [...touched]);
  return sortRejected(result);
}

/**
 * Order count, total spent and last order date of paid orders, recomputed from `orders`: one
 * statement that finds each subscriber by its key and reads only its orders (by the orders'
 * subscriber index), however large the store's lists.
 */
export async function recomputeOrderSummary(db: Db, scope: ShopScope, ids: number[]) {
  if (ids.length === 0) return;
  const list = `{${ids.join(',')}}`;
  // Two transactions writing one subscriber's orders side by side (a sync's slices) would each
  // count only the orders their snapshot sees, and the last to commit would win. Taking the rows
  // first, in id order, makes the second wait for the first to commit; its count, a statement of
  // its own under READ COMMITTED, then sees both. NO KEY UPDATE, as the orders' foreign keys hold
  // KEY SHARE on these rows.
  await db.execute(sql`select id from subscribers where shop_id = ${scope.shopId} and id = any(${list}::bigint[]) order by id for no key update`);
  await db.execute(sql`
    update subscribers as sub set (order_count, total_spent, last_order_at) = (
        select count(*)::int, coalesce(sum(o.total), 0), max(o.placed_at)
        from orders o where o.shop_id = sub.shop_id and o.subscriber_id = sub.id and o.status = 'paid'),
      updated_at = now()
    where sub.shop_id = ${scope.shopId} and sub.id = any(${list}::bigint[])`);
}
