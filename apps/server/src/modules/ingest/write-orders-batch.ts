import { ingestOrderSchema, type Locale } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { onOrdersPlaced, rawConnectionOf } from '../flows/index.ts';
import { type BatchRecord, checkRecords, isoOrNull, jsonb, NEWER_OR_SAME, rowsOf, splitRound } from './batch-rows.ts';
import { contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { recomputeOrderSummary } from './ingest-orders.ts';

type Pending = { index: number; item: z.output<typeof ingestOrderSchema>; at: string | null; email: string | null };
type Resolved = Pending & { sub: number | null; before: number | null; existed: boolean };

/**
 * The order writer (`ingest-orders.ts`) for a whole batch in one transaction of a few set-based
 * statements: the same orders, line items, subscribers' purchase summaries and flow hooks as
 * writing the orders one by one. An order with a platform time older than the stored one's is
 * left out.
 */
export async function ingestOrdersBatch(db: Db, scope: ShopScope, records: readonly BatchRecord[], locale: Locale): Promise<IngestResult> {
  const { items, result } = checkRecords(records, 'orders', ingestOrderSchema, locale);
  let pending: Pending[] = [];
  for (const x of items) {
    const contact = contactOf({ email: x.item.email });
    if ('bad' in contact) rejectItem(result, x.index, contact.bad, locale, contact.field);
    else pending.push({ ...x, email: contact.email });
  }
  if (!pending.length) return sortRejected(result);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const touched = new Set<number>();
    while (pending.length) {
      // An order sent twice in one batch: the later one is written after the earlier, as the writer would.
      const { round, later } = splitRound(pending, (p) => [`o:${p.item.id}`]);
      const resolved = await resolveOrders(tx, scope, round);
      const written = await upsertOrders(tx, scope, resolved);
      const kept = resolved.filter((p) => written.has(p.item.id));
      await replaceLineItems(tx, scope, kept, written);
      // Ends runs the orders exit and starts post-purchase, with the orders.
      await onOrdersPlaced(rawConnectionOf(tx), scope.shopId, kept.map((p) => written.get(p.item.id)!));
      for (const p of kept) {
        if (p.existed) result.updated += 1;
        else result.created += 1;
        if (p.before) touched.add(p.before);
        if (p.sub) touched.add(p.sub);
      }
      pending = later;
    }
    await recomputeOrderSummary(tx, scope, [...touched]);
  });
  return sortRejected(result);
}

/**
 * Each order's subscriber as the writer finds it (by customer id, then the order's e-mail or,
 * without one, the customer's), and the subscriber the stored order had.
 */
async function resolveOrders(db: Db, scope: ShopScope, list: Pending[]): Promise<Resolved[]> {
  const rows = await rowsOf<{ ord: number; sub: string | number | null; before: string | number | null; existed: boolean }>(db, sql`
    select v.ord, coalesce(
        (select s.id from subscribers s where s.shop_id = ${scope.shopId} and v.cid <> '' and s.customer_ref = v.cid limit 1),
        (select s.id from subscribers s where s.shop_id = ${scope.shopId}
           and s.email = lower(trim(coalesce(v.email, (select c.email from customers c
             where c.shop_id = ${scope.shopId} and v.cid <> '' and c.external_id = v.cid)))) limit 1)) as sub,
      o.subscriber_id as before, o.id is not null as existed
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({ ord, cid: p.item.customer_id ?? '', email: p.email, id: p.item.id })))}::jsonb)
      as v(ord int, cid text, email text, id text)
    left join lateral (select id, subscriber_id from orders where shop_id = ${scope.shopId} and external_id = v.id) o on true`);
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  return list.map((p, ord) => {
    const r = byOrd.get(ord);
    return {
      ...p, sub: r?.sub == null ? null : Number(r.sub), before: r?.before == null ? null : Number(r.before),
      existed: r?.existed === true || String(r?.existed) === 'true',
    };
  });
}

/** The orders' rows; answers the id of each order written by the store's id. */
async function upsertOrders(db: Db, scope: ShopScope, list: Resolved[]): Promise<Map<string, number>> {
  if (!list.length) return new Map();
  const rows = await rowsOf<{ id: string | number; ext: string }>(db, sql`
    insert into orders (shop_id, external_id, customer_ref, subscriber_id, email, currency, total, status, placed_at, discount_codes, platform_updated_at)
    select ${scope.shopId}, v.id, v.cid, v.sub, v.email, v.currency, v.total, v.status, v.placed_at,
      case when v.codes is null then null else array(select jsonb_array_elements_text(v.codes)) end, v.at
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({
      ord, id: p.item.id, cid: p.item.customer_id ?? null, sub: p.sub, email: p.email, currency: p.item.currency.toUpperCase(),
      total: p.item.total, status: p.item.status, placed_at: isoOrNull(p.item.placed_at) ?? p.item.placed_at, at: p.at,
      // Left out, the stored codes stay.
      ...(p.item.discount_codes ? { codes: p.item.discount_codes } : {}),
    })))}::jsonb) as v(ord int, id text, cid text, sub bigint, email text, currency text, total bigint, status text,
      placed_at timestamptz, codes jsonb, at timestamptz)
    order by v.ord
    on conflict (shop_id, external_id) do update set customer_ref = excluded.customer_ref, subscriber_id = excluded.subscriber_id,
      email = excluded.email, currency = excluded.currency, total = excluded.total, status = excluded.status, placed_at = excluded.placed_at,
      discount_codes = coalesce(excluded.discount_codes, orders.discount_codes),
      platform_updated_at = greatest(orders.platform_updated_at, excluded.platform_updated_at)
    where ${sql.raw(NEWER_OR_SAME('orders'))}
    returning id, external_id as ext`);
  return new Map(rows.map((r) => [r.ext, Number(r.id)]));
}

/** The written orders' line items are replaced by the ones sent. */
async function replaceLineItems(db: Db, scope: ShopScope, list: Resolved[], ids: Map<string, number>) {
  if (!list.length) return;
  const orderIds = list.map((p) => ids.get(p.item.id)!);
  await db.execute(sql`delete from order_items where shop_id = ${scope.shopId}
    and order_id = any(array(select jsonb_array_elements_text(${jsonb(orderIds.map(String))}::jsonb)::bigint))`);
  const lines = list.flatMap((p) => p.item.items.map((i) => ({
    order_id: ids.get(p.item.id)!, product_id: i.product_id, title: i.title, quantity: i.quantity, price: i.price,
  })));
  if (!lines.length) return;
  await db.execute(sql`insert into order_items (shop_id, order_id, product_id, title, quantity, price)
    select ${scope.shopId}, v.order_id, v.product_id, v.title, v.quantity, v.price
    from jsonb_to_recordset(${jsonb(lines.map((l, ord) => ({ ord, ...l })))}::jsonb)
      as v(ord int, order_id bigint, product_id text, title text, quantity int, price bigint)
    order by v.ord`);
}
