import { ingestCustomerSchema, type Locale } from '@storecast/contract';
import { customers, type Db, type ShopScope, subscribers as s } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkItems, contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { findSubscriber } from './find-subscriber.ts';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { nameConsentSource } from '../audience/index.ts';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';

type Customer = z.output<typeof ingestCustomerSchema>;

/**
 * Upserts customers by the store's id. A customer who accepts marketing and has an e-mail or
 * phone becomes a subscriber (source "api") or is linked to the one with their e-mail; one who
 * does not is still linked to an existing subscriber, so their orders count, but never added.
 * An existing subscriber's status is left alone: an unsubscribe here outranks the platform.
 */
export async function ingestCustomers(db: Db, scope: ShopScope, raw: unknown, locale: Locale): Promise<IngestResult> {
  const { items, result } = checkItems(raw, 'customers', ingestCustomerSchema, locale);
  for (const { index, item } of items) {
    // Other requests get a turn between items (the embedded database shares one thread).
    await giveOthersATurn();
    const contact = contactOf(item);
    if ('bad' in contact) {
      rejectItem(result, index, contact.bad, locale, contact.field);
      continue;
    }
    await db.transaction(async (tx) => {
      await nameConsentSource(tx as unknown as Db, { via: 'api' });
      const inserted = await upsertCustomer(tx as unknown as Db, scope, item, contact);
      if (inserted) result.created += 1;
      else result.updated += 1;
      await linkSubscriber(tx as unknown as Db, scope, item, contact);
    });
  }
  return sortRejected(result);
}

async function upsertCustomer(db: Db, scope: ShopScope, c: Customer, contact: { email: string | null; phone: string | null }) {
  const fields = {
    email: contact.email, phone: contact.phone, firstName: c.first_name ?? '', lastName: c.last_name ?? '',
    attributes: c.attributes ?? {}, updatedAt: new Date(),
  };
  const [row] = await db.insert(customers).values(scope.values({ externalId: c.id, ...fields }))
    .onConflictDoUpdate({ target: [customers.shopId, customers.externalId], set: fields })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return Boolean(row?.inserted);
}

async function linkSubscriber(db: Db, scope: ShopScope, c: Customer, contact: { email: string | null; phone: string | null }) {
  const existing = await findSubscriber(db, scope, { customerId: c.id, email: contact.email });
  const names = {
    ...(c.first_name !== undefined ? { firstName: c.first_name } : {}),
    ...(c.last_name !== undefined ? { lastName: c.last_name } : {}),
  };
  if (existing) {
    await db.update(s).set({
      customerRef: c.id, ...names, updatedAt: new Date(), ...smsConsentOf(c, contact),
      ...(c.attributes ? { attributes: sql`${s.attributes} || ${JSON.stringify(c.attributes)}::jsonb` } : {}),
    }).where(scope.where(s, eq(s.id, existing)));
    return;
  }
  if (!c.accepts_marketing || (!contact.email && !contact.phone)) return;
  const at = c.created_at ?? new Date().toISOString();
  const added = await db.insert(s).values(scope.values({
    email: contact.email, phone: contact.phone, firstName: c.first_name ?? '', lastName: c.last_name ?? '',
    source: 'api', subscribedAt: new Date(at), attributes: c.attributes ?? {}, customerRef: c.id,
    consent: { source: 'api', at: new Date().toISOString() },
    ...(c.sms_consent && contact.phone ? { smsStatus: 'subscribed' as const, smsConsent: { source: 'api', at: new Date().toISOString() } } : {}),
  })).onConflictDoNothing().returning({ id: s.id });
  // A new subscriber starts the welcome flow, in this transaction.
  await enterWelcome(rawConnectionOf(db), scope.shopId, added.map((r) => r.id), new Date());
}

/**
 * SMS consent for the number on the subscriber's row: given, it subscribes a number never
 * subscribed (a STOP or the store's removal is not undone by the platform); withdrawn, it ends.
 */
function smsConsentOf(c: Customer, contact: { phone: string | null }) {
  if (c.sms_consent === undefined || !contact.phone) return {};
  const same = sql`${s.phone} = ${contact.phone}`;
  return c.sms_consent
    ? {
        smsStatus: sql`case when ${same} and ${s.smsStatus} is null then 'subscribed' else ${s.smsStatus} end`,
        smsConsent: sql`case when ${same} and ${s.smsStatus} is null then ${JSON.stringify({ source: 'api', at: new Date().toISOString() })}::jsonb else ${s.smsConsent} end`,
      }
    : { smsStatus: sql`case when ${same} and ${s.smsStatus} = 'subscribed' then 'unsubscribed' else ${s.smsStatus} end` };
}
