import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';
import { jsonb, type PlatformConsent, rowsOf } from './batch-rows.ts';

/** What a platform's consent still says once the stored clocks have had their say, with its times (ISO) where it says something. */
export interface Granted { email?: boolean; sms?: boolean; emailAt: string | null; smsAt: string | null }

/**
 * A channel's consent counts unless the customer's consent changed on the platform after it:
 * consent has its own clock per channel, whichever record or webhook brings it.
 */
export function consentAfterClocks(c: PlatformConsent, storedEmailAt: Date | null, storedSmsAt: Date | null): Granted {
  const email = newer(c.email, c.emailAt, storedEmailAt);
  const sms = newer(c.sms, c.smsAt, storedSmsAt);
  return {
    email, sms,
    emailAt: email === undefined ? null : c.emailAt?.toISOString() ?? null,
    smsAt: sms === undefined ? null : c.smsAt?.toISOString() ?? null,
  };
}

function newer(state: boolean | undefined, at: Date | null, stored: Date | null): boolean | undefined {
  if (state === undefined) return undefined;
  return stored && at && stored.getTime() > at.getTime() ? undefined : state;
}

type Written = { item: { id: string }; email: string | null; granted: Granted | null };

/**
 * A store platform's consent for a round of customers the batch writer has just written, set-based,
 * ending as `writeCustomerWithConsent` (connectors' `apply-platform-consent.ts`) ends for each:
 * - e-mail withdrawn: the customer's subscribed subscribers leave (status `unsubscribed`, an
 *   `unsubscribed` event naming the platform each), but for consent given here after the
 *   withdrawal or for a separate address;
 * - e-mail given later than the subscriber's leaving subscribes them again; given to a customer
 *   whose subscriber was added for SMS alone, the address goes on it unless another subscriber has it;
 * - SMS given: a linked subscriber without a number takes the customer's; with none linked, a
 *   subscriber with that number and no customer is linked, else one is added with the number
 *   only (the e-mail given no consent left off) and enters the welcome flow.
 * Runs in the writer's transaction, whose consent source is already named.
 */
export async function applyConsentBatch(db: Db, scope: ShopScope, written: readonly Written[], platform: string) {
  const email = written.filter((w) => w.granted?.email !== undefined)
    .map((w) => ({ id: w.item.id, given: w.granted?.email === true, at: w.granted?.emailAt ?? null, email: w.email }));
  if (email.length) await applyEmailConsent(db, scope, email, platform);
  const sms = written.filter((w) => w.granted?.sms === true).map((w, ord) => ({ ord, id: w.item.id }));
  if (sms.length) await addSmsSubscribers(db, scope, sms);
}

/**
 * Withdrawals, re-subscriptions and addresses for SMS subscribers in one statement. A consent
 * touches only the subscriber of its own customer (the one the writer linked); a withdrawal every
 * subscribed subscriber linked to the customer, except one whose consent was given here (not by
 * the platform or the API) later than the withdrawal or for an address other than the
 * customer's, as `withdrawEmail` in the connectors' `apply-platform-consent.ts` decides. A
 * withdrawal and a consent never meet in one customer. Lookups go by key, per customer (a
 * lateral), and the update finds its rows by the ids those store-scoped lookups gave: a store
 * condition on the updated table lets the planner read the store's whole list per batch by its
 * store index while a first sync's statistics are still those of a nearly empty table.
 * The consent's `at` is the platform's, written by our mappings as ISO; anything else there
 * counts as no time.
 */
async function applyEmailConsent(db: Db, scope: ShopScope, list: { id: string; given: boolean; at: string | null; email: string | null }[], platform: string) {
  const now = new Date().toISOString();
  const givenHere = sql.raw(`case when s.consent->>'source' is distinct from 'api' and s.consent->>'at' ~ '^\\d{4}-\\d\\d-\\d\\dT'
    then (s.consent->>'at')::timestamptz end`);
  await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${jsonb(list)}::jsonb) as v(id text, given boolean, at timestamptz, email text)
    ), c as (
      select s.id, v.given, v.at, v.email, false as withdraw,
        v.at is not null and s.status = 'unsubscribed' and s.unsubscribed_at < v.at as resubscribe,
        s.email is null and v.email is not null
          and not exists (select 1 from subscribers t where t.shop_id = ${scope.shopId} and t.email = v.email) as add_email,
        s.status
      from v cross join lateral (select s.id, s.status, s.email, s.unsubscribed_at from subscribers s
        where s.shop_id = ${scope.shopId} and s.customer_ref = v.id limit 1) s
      where v.given
      union all
      select s.id, v.given, v.at, v.email,
        not (s.consent is not null and s.consent->>'source' is distinct from 'api'
          and ((s.email is not null and s.email is distinct from lower(btrim(v.email))) or coalesce(${givenHere} > v.at, false))) as withdraw,
        false, false, s.status
      from v cross join lateral (select s.id, s.status, s.email, s.consent from subscribers s
        where s.shop_id = ${scope.shopId} and s.customer_ref = v.id and s.status = 'subscribed') s
      where not v.given
    ), moved as (
      update subscribers s set
        status = case when c.withdraw then 'unsubscribed' when c.resubscribe then 'subscribed' else s.status end,
        email = case when c.add_email then c.email else s.email end,
        consent = case when c.add_email then ${jsonb({ source: 'api', at: now })}::jsonb
          when c.resubscribe then jsonb_build_object('source', 'api', 'at', to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          else s.consent end,
        updated_at = now()
      from c
      where s.id = c.id
        and (c.withdraw or c.resubscribe or (c.add_email and (c.status = 'subscribed' or c.resubscribe)))
      returning s.id, c.withdraw, c.at
    )
    insert into events (shop_id, subscriber_id, type, occurred_at, subject, properties)
    select ${scope.shopId}, moved.id, 'unsubscribed', coalesce(moved.at, now()), ${platform}, ${jsonb({ via: 'platform', platform })}::jsonb
    from moved where moved.withdraw`);
}

/**
 * SMS consent the writer could not put on a subscriber, by the customer's stored number: one
 * statement decides for each customer from the rows as they were (linked subscriber, else one
 * with the number and no customer, else a new one), so no customer is handled twice.
 */
async function addSmsSubscribers(db: Db, scope: ShopScope, list: { ord: number; id: string }[]) {
  const consent = jsonb({ source: 'api', at: new Date().toISOString() });
  const rows = await rowsOf<{ id: string | number }>(db, sql`
    with x as materialized (
      select v.ord, v.id, c.phone, c.first_name, c.last_name, l.id as linked, l.phone as linked_phone,
        (select s.id from subscribers s where s.shop_id = ${scope.shopId} and s.phone = c.phone and s.customer_ref is null
          limit 1) as by_phone
      from jsonb_to_recordset(${jsonb(list)}::jsonb) as v(ord int, id text)
      cross join lateral (select c.phone, c.first_name, c.last_name from customers c
        where c.shop_id = ${scope.shopId} and c.external_id = v.id and c.phone is not null limit 1) c
      left join lateral (select s.id, s.phone from subscribers s where s.shop_id = ${scope.shopId} and s.customer_ref = v.id limit 1) l on true
    ), numbered as (
      update subscribers s set phone = x.phone, sms_status = 'subscribed', sms_consent = ${consent}::jsonb, updated_at = now()
      from x where s.id = x.linked and x.linked_phone is null and s.phone is null
    ), linked as (
      update subscribers s set customer_ref = x.id, updated_at = now(), sms_status = coalesce(s.sms_status, 'subscribed'),
        sms_consent = case when s.sms_status is null then ${consent}::jsonb else s.sms_consent end
      from x where s.id = x.by_phone and x.linked is null
    )
    insert into subscribers (shop_id, email, phone, first_name, last_name, source, subscribed_at, customer_ref, sms_status, sms_consent)
    select ${scope.shopId}, null, x.phone, x.first_name, x.last_name, 'api', now(), x.id, 'subscribed', ${consent}::jsonb
    from x where x.linked is null and x.by_phone is null
    order by x.ord
    returning id`);
  await enterWelcome(rawConnectionOf(db), scope.shopId, rows.map((r) => Number(r.id)), new Date());
}
