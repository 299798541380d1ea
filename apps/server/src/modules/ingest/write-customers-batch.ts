import { ingestCustomerSchema, type Locale } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nameConsentSource } from '../audience/index.ts';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';
import { type BatchRecord, checkRecords, isoOrNull, jsonb, NEWER_OR_SAME, rowsOf, splitRound } from './batch-rows.ts';
import { contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';

/**
 * The customer writer (`ingest-customers.ts`) for a whole batch in one transaction of a few
 * set-based statements: the same rows, subscribers, consent history and welcome-flow entries as
 * writing the records one by one. A record with a platform time older than the stored
 * customer's is left out, with everything it would have changed.
 */
export async function ingestCustomersBatch(db: Db, scope: ShopScope, records: readonly BatchRecord[], locale: Locale): Promise<IngestResult> {
  const { items, result } = checkRecords(records, 'customers', ingestCustomerSchema, locale);
  let pending: Pending[] = [];
  for (const x of items) {
    const contact = contactOf(x.item);
    if ('bad' in contact) rejectItem(result, x.index, contact.bad, locale, contact.field);
    else pending.push({ ...x, email: contact.email, phone: contact.phone });
  }
  if (!pending.length) return sortRejected(result);
  const consent = jsonb({ source: 'api', at: new Date().toISOString() });
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await nameConsentSource(tx, { via: 'api' });
    while (pending.length) {
      const subs = await findSubscribers(tx, scope, pending);
      const withSub = pending.map((p, i) => ({ ...p, sub: subs[i] ?? null }));
      // Two records of one customer, e-mail or subscriber are written in turn, as the writer would.
      const { round, later } = splitRound(withSub, (p) => [`c:${p.item.id}`, p.email && `e:${p.email}`, p.sub !== null && `s:${p.sub}`]);
      const written = await upsertCustomers(tx, scope, round);
      const kept = round.filter((p) => written.has(p.item.id));
      for (const p of kept) {
        if (written.get(p.item.id)) result.created += 1;
        else result.updated += 1;
      }
      await updateSubscribers(tx, scope, kept.filter((p) => p.sub !== null), consent);
      const added = await addSubscribers(tx, scope, kept.filter((p) => p.sub === null && p.item.accepts_marketing && (p.email || p.phone)), consent);
      // New subscribers start the welcome flow, in this transaction.
      await enterWelcome(rawConnectionOf(tx), scope.shopId, added, new Date());
      pending = later;
    }
  });
  return sortRejected(result);
}

type Pending = { index: number; item: z.output<typeof ingestCustomerSchema>; at: string | null; email: string | null; phone: string | null };

/** Each record's subscriber as `findSubscriber` finds it: by the customer id, then by e-mail. */
async function findSubscribers(db: Db, scope: ShopScope, list: Pending[]): Promise<(number | null)[]> {
  const rows = await rowsOf<{ ord: number; sub: string | number | null }>(db, sql`
    select v.ord, coalesce(
      (select s.id from subscribers s where s.shop_id = ${scope.shopId} and s.customer_ref = v.id limit 1),
      (select s.id from subscribers s where s.shop_id = ${scope.shopId} and s.email = v.email limit 1)) as sub
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({ ord, id: p.item.id, email: p.email })))}::jsonb) as v(ord int, id text, email text)`);
  const subs: (number | null)[] = list.map(() => null);
  for (const r of rows) subs[r.ord] = r.sub === null ? null : Number(r.sub);
  return subs;
}

/** The customers' rows; answers the ids written, each true when it was created. */
async function upsertCustomers(db: Db, scope: ShopScope, list: Pending[]): Promise<Map<string, boolean>> {
  const rows = await rowsOf<{ id: string; inserted: boolean }>(db, sql`
    insert into customers (shop_id, external_id, email, phone, first_name, last_name, attributes, updated_at, platform_updated_at)
    select ${scope.shopId}, v.id, v.email, v.phone, v.first_name, v.last_name, v.attributes, now(), v.at
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({
      ord, id: p.item.id, email: p.email, phone: p.phone, first_name: p.item.first_name ?? '', last_name: p.item.last_name ?? '',
      attributes: p.item.attributes ?? {}, at: p.at,
    })))}::jsonb) as v(ord int, id text, email text, phone text, first_name text, last_name text, attributes jsonb, at timestamptz)
    order by v.ord
    on conflict (shop_id, external_id) do update set email = excluded.email, phone = excluded.phone, first_name = excluded.first_name,
      last_name = excluded.last_name, attributes = excluded.attributes, updated_at = excluded.updated_at,
      platform_updated_at = greatest(customers.platform_updated_at, excluded.platform_updated_at)
    where ${sql.raw(NEWER_OR_SAME('customers'))}
    returning external_id as id, (xmax = 0) as inserted`);
  return new Map(rows.map((r) => [r.id, r.inserted === true || String(r.inserted) === 'true']));
}

/**
 * Links existing subscribers to their customer: names sent replace theirs, attributes are merged,
 * and SMS consent changes only the number on the row, as `smsConsentOf` in the writer does.
 */
async function updateSubscribers(db: Db, scope: ShopScope, list: (Pending & { sub: number | null })[], consent: string) {
  if (!list.length) return;
  await db.execute(sql`
    update subscribers s set customer_ref = v.id, first_name = coalesce(v.first_name, s.first_name),
      last_name = coalesce(v.last_name, s.last_name), updated_at = now(),
      sms_status = case
        when v.sms is null or v.phone is null or s.phone is distinct from v.phone then s.sms_status
        when v.sms and s.sms_status is null then 'subscribed'
        when not v.sms and s.sms_status = 'subscribed' then 'unsubscribed'
        else s.sms_status end,
      sms_consent = case when v.sms and s.phone = v.phone and s.sms_status is null then ${consent}::jsonb else s.sms_consent end,
      attributes = case when v.attributes is null then s.attributes else s.attributes || v.attributes end
    from jsonb_to_recordset(${jsonb(list.map((p) => ({
      sub: p.sub, id: p.item.id, first_name: p.item.first_name, last_name: p.item.last_name,
      phone: p.phone, sms: p.item.sms_consent, attributes: p.item.attributes,
    })))}::jsonb) as v(sub bigint, id text, first_name text, last_name text, phone text, sms boolean, attributes jsonb)
    where s.shop_id = ${scope.shopId} and s.id = v.sub`);
}

/** New subscribers for customers who accept marketing and match none; answers their ids. */
async function addSubscribers(db: Db, scope: ShopScope, list: Pending[], consent: string): Promise<number[]> {
  if (!list.length) return [];
  const rows = await rowsOf<{ id: string | number }>(db, sql`
    insert into subscribers (shop_id, email, phone, first_name, last_name, source, subscribed_at, attributes, customer_ref, consent, sms_status, sms_consent)
    select ${scope.shopId}, v.email, v.phone, v.first_name, v.last_name, 'api', coalesce(v.created_at, now()), v.attributes, v.id, ${consent}::jsonb,
      case when v.sms then 'subscribed' end, case when v.sms then ${consent}::jsonb end
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({
      ord, id: p.item.id, email: p.email, phone: p.phone, first_name: p.item.first_name ?? '', last_name: p.item.last_name ?? '',
      created_at: isoOrNull(p.item.created_at), attributes: p.item.attributes ?? {}, sms: Boolean(p.item.sms_consent && p.phone),
    })))}::jsonb) as v(ord int, id text, email text, phone text, first_name text, last_name text, created_at timestamptz, attributes jsonb, sms boolean)
    order by v.ord
    on conflict do nothing
    returning id`);
  return rows.map((r) => Number(r.id));
}
