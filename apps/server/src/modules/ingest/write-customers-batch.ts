import { ingestCustomerSchema, type Locale } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nameConsentSource } from '../audience/index.ts';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';
import { applyConsentBatch, consentAfterClocks, type Granted } from './apply-consent-batch.ts';
import { type BatchRecord, checkRecords, isoOrNull, jsonb, NEWER_OR_SAME, rowsOf, splitRound } from './batch-rows.ts';
import { contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';

/**
 * The customer writer (`ingest-customers.ts`) for a whole batch in one transaction of a few
 * set-based statements: the same rows, subscribers, consent history and welcome-flow entries as
 * writing the records one by one. A record with a platform time older than the stored
 * customer's is left out, with everything it would have changed. Records from a store platform
 * (`platform` named) may carry its consent, applied as its webhooks apply it
 * (`apply-consent-batch.ts`), and the consent history names the platform's sync.
 */
export async function ingestCustomersBatch(
  db: Db, scope: ShopScope, records: readonly BatchRecord[], locale: Locale, platform?: string,
): Promise<IngestResult> {
  const { items, result } = checkRecords(records, 'customers', ingestCustomerSchema, locale);
  let pending: Pending[] = [];
  for (const x of items) {
    const contact = contactOf(x.item);
    if ('bad' in contact) rejectItem(result, x.index, contact.bad, locale, contact.field);
    else pending.push({ ...x, email: contact.email, phone: contact.phone, consent: records[x.index]?.consent ?? null, granted: null });
  }
  if (!pending.length) return sortRejected(result);
  const consent = jsonb({ source: 'api', at: new Date().toISOString() });
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await nameConsentSource(tx, platform ? { via: 'api', detail: `${platform} sync` } : { via: 'api' });
    while (pending.length) {
      const found = await findSubscribers(tx, scope, pending);
      const withSub = pending.map((p, i) => withConsent({ ...p, sub: found[i]?.sub ?? null }, found[i]));
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
      if (platform) await applyConsentBatch(tx, scope, kept, platform);
      pending = later;
    }
  });
  return sortRejected(result);
}

type Pending = {
  index: number; item: z.output<typeof ingestCustomerSchema>; at: string | null; email: string | null; phone: string | null;
  consent: BatchRecord['consent'] | null; granted: Granted | null;
};
type Found = { sub: number | null; emailAt: Date | null; smsAt: Date | null };

/**
 * A platform's consent, unless the customer's consent changed on the platform after it (the
 * stored clocks): what it still says becomes the item's `accepts_marketing` and `sms_consent`,
 * as the webhooks hand it to the writer.
 */
function withConsent<T extends Pending>(p: T, found: Found | undefined): T {
  if (!p.consent) return p;
  const granted = consentAfterClocks(p.consent, found?.emailAt ?? null, found?.smsAt ?? null);
  return { ...p, granted, item: { ...p.item, accepts_marketing: granted.email === true, sms_consent: granted.sms } };
}

/**
 * Each record's subscriber as `findSubscriber` finds it (by the customer id, then by e-mail),
 * and the stored customer's consent clocks.
 */
async function findSubscribers(db: Db, scope: ShopScope, list: Pending[]): Promise<(Found | undefined)[]> {
  const rows = await rowsOf<{ ord: number; sub: string | number | null; email_at: string | Date | null; sms_at: string | Date | null }>(db, sql`
    select v.ord, coalesce(
      (select s.id from subscribers s where s.shop_id = ${scope.shopId} and s.customer_ref = v.id limit 1),
      (select s.id from subscribers s where s.shop_id = ${scope.shopId} and s.email = v.email limit 1)) as sub,
      c.email_consent_at as email_at, c.sms_consent_at as sms_at
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({ ord, id: p.item.id, email: p.email })))}::jsonb) as v(ord int, id text, email text)
    left join lateral (select c.email_consent_at, c.sms_consent_at from customers c
      where c.shop_id = ${scope.shopId} and c.external_id = v.id limit 1) c on true`);
  const found: (Found | undefined)[] = list.map(() => undefined);
  const time = (v: string | Date | null) => (v === null ? null : new Date(v));
  for (const r of rows) found[r.ord] = { sub: r.sub === null ? null : Number(r.sub), emailAt: time(r.email_at), smsAt: time(r.sms_at) };
  return found;
}

/** The customers' rows; answers the ids written, each true when it was created. */
async function upsertCustomers(db: Db, scope: ShopScope, list: Pending[]): Promise<Map<string, boolean>> {
  const rows = await rowsOf<{ id: string; inserted: boolean }>(db, sql`
    insert into customers (shop_id, external_id, email, phone, first_name, last_name, attributes, updated_at, platform_updated_at,
      email_consent_at, sms_consent_at)
    select ${scope.shopId}, v.id, v.email, v.phone, v.first_name, v.last_name, v.attributes, now(), v.at, v.email_at, v.sms_at
    from jsonb_to_recordset(${jsonb(list.map((p, ord) => ({
      ord, id: p.item.id, email: p.email, phone: p.phone, first_name: p.item.first_name ?? '', last_name: p.item.last_name ?? '',
      attributes: p.item.attributes ?? {}, at: p.at, email_at: p.granted?.emailAt ?? null, sms_at: p.granted?.smsAt ?? null,
    })))}::jsonb) as v(ord int, id text, email text, phone text, first_name text, last_name text, attributes jsonb, at timestamptz,
      email_at timestamptz, sms_at timestamptz)
    order by v.ord
    on conflict (shop_id, external_id) do update set email = excluded.email, phone = excluded.phone, first_name = excluded.first_name,
      last_name = excluded.last_name, attributes = excluded.attributes, updated_at = excluded.updated_at,
      platform_updated_at = greatest(customers.platform_updated_at, excluded.platform_updated_at),
      -- Consent's own clocks per channel, as the webhooks keep them.
      email_consent_at = greatest(customers.email_consent_at, excluded.email_consent_at),
      sms_consent_at = greatest(customers.sms_consent_at, excluded.sms_consent_at)
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
