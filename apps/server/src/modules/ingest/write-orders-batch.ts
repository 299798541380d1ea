import { ingestOrderSchema, type Locale } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { onOrdersPlaced, rawConnectionOf } from '../flows/index.ts';
import { type BatchRecord, checkRecords, isoOrNull, jsonb, NEWER_OR_SAME, rowsOf, splitRound } from './batch-rows.ts';
import { contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { recomputeOrderSummary } from './ingest-orders.ts';

type Pending = { index: number; item: z.output<typeof ingestOrderSchema>; at: string | null; email: string | null };

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
      const kept = await writeOrders(tx, scope, round);
      // Ends runs the orders exit and starts post-purchase, with the orders, as the writer would one by one.
      for (const wave of inTurn(kept)) await onOrdersPlaced(rawConnectionOf(tx), scope.shopId, wave);
      for (const k of kept) {
        if (k.existed) result.updated += 1;
        else result.created += 1;
        if (k.before) touched.add(k.before);
        if (k.sub) touched.add(k.sub);
      }
      pending = later;
    }
    await recomputeOrderSummary(tx, scope, [...touched]);
  });
  return sortRejected(result);
}

type Written = { id: number; sub: number | null; before: number | null; existed: boolean; paid: boolean };

/**
 * The round's orders in waves for the flows' hooks. Written one by one, a subscriber's first paid
 * order (as sent) starts post-purchase and their later ones find the run under way; handed
 * several at once, the hook starts it from the newest. So each wave holds at most one paid
 * order per subscriber, in the order sent, with the orders before it: one wave in all unless
 * a subscriber has two paid orders in the round.
 */
function inTurn(kept: readonly Written[]): number[][] {
  const waves: number[][] = [];
  const paidSoFar = new Map<number, number>();
  for (const k of kept) {
    // The subscriber's paid orders before this one.
    const wave = k.sub === null ? 0 : paidSoFar.get(k.sub) ?? 0;
    (waves[wave] ??= []).push(k.id);
    if (k.paid && k.sub !== null) paidSoFar.set(k.sub, wave + 1);
  }
  return waves;
}

/**
 * The round's orders in one statement: each order's subscriber as the writer finds it (by
 * customer id, then the order's e-mail or, without one, the customer's), the subscriber the
 * stored order had, the upsert, and the written orders' line items replaced by the ones sent.
 * Every part reads the rows as they were before the statement, as the writer's reads before its
 * writes do; the line items' checks of their order run at its end and see the new orders.
 */
async function writeOrders(db: Db, scope: ShopScope, list: Pending[]): Promise<Written[]> {
  const lines = list.flatMap((p) => p.item.items.map((i) => ({
    ext: p.item.id, product_id: i.product_id, title: i.title, quantity: i.quantity, price: i.price,
  })));
  const rows = await rowsOf<{ id: string | number; sub: string | number | null; before: string | number | null; existed: boolean | string; status: string }>(db, sql`
    with v as (
      select * from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({
        ord, id: p.item.id, cid: p.item.customer_id ?? null, email: p.email, currency: p.item.currency.toUpperCase(),
        total: p.item.total, status: p.item.status, placed_at: isoOrNull(p.item.placed_at) ?? p.item.placed_at, at: p.at,
        // Left out, the stored codes stay.
        ...(p.item.discount_codes ? { codes: p.item.discount_codes } : {}),
      })))}::jsonb) as v(ord int, id text, cid text, email text, currency text, total bigint, status text,
        placed_at timestamptz, codes jsonb, at timestamptz)
    ), r as materialized (
      select v.*, coalesce(
          (select s.id from subscribers s where s.shop_id = ${scope.shopId} and v.cid <> '' and s.customer_ref = v.cid limit 1),
          (select s.id from subscribers s where s.shop_id = ${scope.shopId}
             and s.email = lower(trim(coalesce(v.email, (select c.email from customers c
               where c.shop_id = ${scope.shopId} and v.cid <> '' and c.external_id = v.cid)))) limit 1)) as sub,
        o.subscriber_id as before, o.id is not null as existed
      from v left join lateral (select id, subscriber_id from orders where shop_id = ${scope.shopId} and external_id = v.id) o on true
    ), up as (
      insert into orders (shop_id, external_id, customer_ref, subscriber_id, email, currency, total, status, placed_at, discount_codes, platform_updated_at)
      select ${scope.shopId}, r.id, r.cid, r.sub, r.email, r.currency, r.total, r.status, r.placed_at,
        case when r.codes is null then null else array(select jsonb_array_elements_text(r.codes)) end, r.at
      from r order by r.ord
      on conflict (shop_id, external_id) do update set customer_ref = excluded.customer_ref, subscriber_id = excluded.subscriber_id,
        email = excluded.email, currency = excluded.currency, total = excluded.total, status = excluded.status, placed_at = excluded.placed_at,
        discount_codes = coalesce(excluded.discount_codes, orders.discount_codes),
        platform_updated_at = greatest(orders.platform_updated_at, excluded.platform_updated_at)
      where ${sql.raw(NEWER_OR_SAME('orders'))}
      returning id, external_id
    ), gone as (
      delete from order_items where shop_id = ${scope.shopId}
        and order_id in (select up.id from up join r on r.id = up.external_id where r.existed)
    ), added as (
      insert into order_items (shop_id, order_id, product_id, title, quantity, price)
      select ${scope.shopId}, up.id, l.product_id, l.title, l.quantity, l.price
      from jsonb_to_recordset(${jsonb(lines.map((l, ord) => ({ ord, ...l })))}::jsonb)
        as l(ord int, ext text, product_id text, title text, quantity int, price bigint)
      join up on up.external_id = l.ext
      order by l.ord
    )
    select up.id, r.sub, r.before, r.existed, r.status from up join r on r.id = up.external_id order by r.ord`);
  return rows.map((r) => ({
    id: Number(r.id), sub: r.sub == null ? null : Number(r.sub), before: r.before == null ? null : Number(r.before),
    existed: r.existed === true || String(r.existed) === 'true', paid: r.status === 'paid',
  }));
}
