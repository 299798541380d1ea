import type { Locale } from '@storecast/contract';
import { customers, type Db, events, type ShopScope, subscribers as s } from '@storecast/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { nameConsentSource } from '../audience/index.ts';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';
import { type IngestResult, ingestCustomers } from '../ingest/index.ts';
import type { PlatformConsent } from './map-shopify-webhook.ts';

/**
 * Writes a platform's customer through the customer writer, then does with its consent what the
 * writer leaves to the platform's connector:
 * - a withdrawal (unsubscribed on the platform) unsubscribes the subscriber from e-mail as the
 *   product's own unsubscribe does (status `unsubscribed`, an `unsubscribed` event, the history
 *   naming where it came from), so no later send or flow reaches them; SMS the writer withdraws;
 * - consent given on the platform after the subscriber left (its time later than theirs) subscribes
 *   them again; consent the platform merely still reports, older than the leaving, does not;
 * - SMS consent alone (no e-mail consent, or no e-mail) adds an SMS subscriber, which the writer,
 *   keyed on e-mail consent, would not.
 * Consent keeps the platform's own clock per channel on the customer (`email_consent_at`,
 * `sms_consent_at`): a change older than the one applied is dropped, whichever topic brings it.
 * Runs in the caller's transaction, the customer's row locked.
 */
export async function writeCustomerWithConsent(
  db: Db, scope: ShopScope, item: Record<string, unknown>, consent: PlatformConsent, platform: string, locale: Locale,
): Promise<IngestResult> {
  const id = typeof item.id === 'string' ? item.id : '';
  const [stored] = id
    ? await db.select({ emailAt: customers.emailConsentAt, smsAt: customers.smsConsentAt }).from(customers)
        .where(scope.where(customers, eq(customers.externalId, id))).for('update')
    : [];
  const email = newer(consent.email, consent.emailAt, stored?.emailAt);
  const sms = newer(consent.sms, consent.smsAt, stored?.smsAt);
  const result = await ingestCustomers(db, scope, { customers: [{ ...item, accepts_marketing: email === true, sms_consent: sms }] }, locale);
  if (result.rejected.length || !id) return result;
  await keepConsentTimes(db, scope, id, email === undefined ? null : consent.emailAt, sms === undefined ? null : consent.smsAt);
  const source = { via: 'api', detail: `${platform} webhook` };
  if (email === false) await withdrawEmail(db, scope, id, consent.emailAt, platform, source);
  if (email === true) {
    await resubscribeEmail(db, scope, id, consent.emailAt, source);
    await addEmailToSmsSubscriber(db, scope, id, source);
  }
  if (sms === true) await addSmsSubscriber(db, scope, id, source);
  return result;
}

/** The state a payload gives, unless the customer's consent changed on the platform after it. */
function newer(state: boolean | undefined, at: Date | null, stored: Date | null | undefined): boolean | undefined {
  if (state === undefined) return undefined;
  return stored && at && stored.getTime() > at.getTime() ? undefined : state;
}

async function keepConsentTimes(db: Db, scope: ShopScope, id: string, emailAt: Date | null, smsAt: Date | null) {
  if (!emailAt && !smsAt) return;
  await db.update(customers).set({
    ...(emailAt ? { emailConsentAt: sql`greatest(${customers.emailConsentAt}, ${emailAt.toISOString()}::timestamptz)` } : {}),
    ...(smsAt ? { smsConsentAt: sql`greatest(${customers.smsConsentAt}, ${smsAt.toISOString()}::timestamptz)` } : {}),
  }).where(scope.where(customers, eq(customers.externalId, id)));
}

/**
 * Every subscriber linked to the customer leaves e-mail: the shopper told the platform they want
 * no marketing, and each of those rows is that shopper. Two keep their consent, as it was given
 * here and not to the platform:
 * - one whose consent here (pop-up, import, admin) is later than the platform's withdrawal;
 * - one with an address other than the customer's on the platform whose consent was given here:
 *   a separate address the shopper subscribed on the storefront is a consent of its own.
 * A subscriber whose consent came from the platform (or the ingestion API) follows its clock alone.
 * The first sync does the same, set-based (`ingest/apply-consent-batch.ts`).
 */
async function withdrawEmail(db: Db, scope: ShopScope, customerId: string, at: Date | null, platform: string, source: { via: string; detail: string }) {
  const [c] = await db.select({ email: customers.email }).from(customers).where(scope.where(customers, eq(customers.externalId, customerId)));
  const own = c?.email ? c.email.trim().toLowerCase() : null;
  const linked = await db.select({ id: s.id, email: s.email, consent: s.consent }).from(s)
    .where(scope.where(s, and(eq(s.customerRef, customerId), eq(s.status, 'subscribed')))).orderBy(asc(s.id));
  const leaving = linked.filter((sub) => !keepsConsentHere(sub, own, at)).map((sub) => sub.id);
  if (!leaving.length) return;
  await nameConsentSource(db, source);
  const moved = await db.update(s).set({ status: 'unsubscribed', updatedAt: new Date() })
    .where(scope.where(s, and(inArray(s.id, leaving), eq(s.status, 'subscribed')))).returning({ id: s.id });
  if (!moved.length) return;
  await db.insert(events).values(moved.map((m) => scope.values({
    subscriberId: m.id, type: 'unsubscribed' as const, occurredAt: at ?? new Date(), subject: platform,
    properties: { via: 'platform', platform },
  })));
}

/** Whether a linked subscriber's consent was given here in a way a platform's withdrawal does not reach. */
function keepsConsentHere(sub: { email: string | null; consent: { source: string; at: string } | null }, own: string | null, at: Date | null): boolean {
  if (!sub.consent || sub.consent.source === 'api') return false;
  if (sub.email !== null && sub.email !== own) return true;
  const givenHere = new Date(sub.consent.at);
  return at !== null && !Number.isNaN(givenHere.getTime()) && givenHere.getTime() > at.getTime();
}

/**
 * A subscriber who left e-mail (here or on the platform) and then gave consent again on the
 * platform: the platform does not hear of an unsubscribe here, so it keeps saying "subscribed"
 * with the time of the old consent, and only a consent time after the leaving is a new one. A
 * complaint or a hard bounce is never undone this way.
 */
async function resubscribeEmail(db: Db, scope: ShopScope, customerId: string, at: Date | null, source: { via: string; detail: string }) {
  if (!at) return;
  const [sub] = await db.select({ id: s.id, left: s.unsubscribedAt }).from(s)
    .where(scope.where(s, and(eq(s.customerRef, customerId), eq(s.status, 'unsubscribed')))).limit(1);
  if (!sub?.left || sub.left.getTime() >= at.getTime()) return;
  await nameConsentSource(db, source);
  await db.update(s).set({ status: 'subscribed', consent: { source: 'api', at: at.toISOString() }, updatedAt: new Date() })
    .where(scope.where(s, and(eq(s.id, sub.id), eq(s.status, 'unsubscribed'))));
}

/**
 * SMS consent the writer could not put on a subscriber. Linked to one without a number (an
 * e-mail subscriber), the number goes on it, subscribed. Linked to none (no e-mail consent), a
 * subscriber with the number already (a pop-up's) is linked and subscribed to SMS if it never
 * was; otherwise a new subscriber with the number only. The customer's e-mail stays off it, as
 * it was given no consent, so no e-mail send can reach them; it enters the welcome flow as any
 * new subscriber does.
 */
async function addSmsSubscriber(db: Db, scope: ShopScope, customerId: string, source: { via: string; detail: string }) {
  const [c] = await db.select().from(customers).where(scope.where(customers, eq(customers.externalId, customerId)));
  if (!c?.phone) return;
  const at = new Date().toISOString();
  const [linked] = await db.select({ id: s.id, phone: s.phone }).from(s).where(scope.where(s, eq(s.customerRef, customerId))).limit(1);
  if (linked) {
    if (linked.phone) return;
    await nameConsentSource(db, source);
    await db.update(s).set({ phone: c.phone, smsStatus: 'subscribed', smsConsent: { source: 'api', at }, updatedAt: new Date() })
      .where(scope.where(s, and(eq(s.id, linked.id), isNull(s.phone))));
    return;
  }
  await nameConsentSource(db, source);
  const [byPhone] = await db.select({ id: s.id }).from(s)
    .where(scope.where(s, and(eq(s.phone, c.phone), isNull(s.customerRef)))).limit(1);
  if (byPhone) {
    await db.update(s).set({
      customerRef: customerId, updatedAt: new Date(),
      smsStatus: sql`coalesce(${s.smsStatus}, 'subscribed')`,
      smsConsent: sql`case when ${s.smsStatus} is null then ${JSON.stringify({ source: 'api', at })}::jsonb else ${s.smsConsent} end`,
    }).where(scope.where(s, eq(s.id, byPhone.id)));
    return;
  }
  const added = await db.insert(s).values(scope.values({
    email: null, phone: c.phone, firstName: c.firstName, lastName: c.lastName, source: 'api', subscribedAt: new Date(at),
    customerRef: customerId, smsStatus: 'subscribed' as const, smsConsent: { source: 'api', at },
  })).returning({ id: s.id });
  await enterWelcome(rawConnectionOf(db), scope.shopId, added.map((r) => r.id), new Date());
}

/**
 * E-mail consent for a customer whose subscriber was added for SMS alone: the writer finds that
 * subscriber by the customer id and leaves its address alone, so the address and its consent
 * are put on it here (unless another subscriber of the store has that address).
 */
async function addEmailToSmsSubscriber(db: Db, scope: ShopScope, customerId: string, source: { via: string; detail: string }) {
  const [c] = await db.select({ email: customers.email }).from(customers).where(scope.where(customers, eq(customers.externalId, customerId)));
  if (!c?.email) return;
  const email = c.email.trim().toLowerCase();
  const [taken] = await db.select({ id: s.id }).from(s).where(scope.where(s, eq(s.email, email))).limit(1);
  if (taken) return;
  await nameConsentSource(db, source);
  await db.update(s).set({ email, consent: { source: 'api', at: new Date().toISOString() }, updatedAt: new Date() })
    .where(scope.where(s, and(eq(s.customerRef, customerId), isNull(s.email), eq(s.status, 'subscribed'))));
}
