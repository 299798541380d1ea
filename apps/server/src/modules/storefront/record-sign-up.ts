import type { ShopperLanguage } from '@storecast/contract';
import { consentEvents, consentRecords, type Consent, type Db, popupDailyStats, type ShopScope, subscribers as s } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { nameConsentSource } from '../audience/index.ts';
import { enterWelcome, rawConnectionOf } from '../flows/index.ts';
import { joinVisitor } from './join-visitor.ts';

/** One sign-up as the shopper asked for it: who, through which pop-up, and the proof of consent. */
export interface SignUp {
  popupId: string;
  popupName: string;
  visitorId: string;
  email: string | null;
  phone: string | null;
  language: ShopperLanguage;
  /** The consent wording shown, in the shopper's language. */
  wording: string;
  ip: string;
  userAgent: string;
  pageUrl: string;
  /** Double opt-in: when the confirmation link was clicked. */
  confirmedAt: Date | null;
  /** Double opt-in: when the shopper asked (the confirmation comes later), and who clicked the link. */
  askedAt?: Date;
  confirmedFrom?: { ip: string; userAgent: string };
}

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Writes a sign-up in one transaction: the subscriber (found by e-mail, then phone, or created
 * with source `popup`), a consent record, the visitor's join and the pop-up's count for the day.
 * A known subscriber gets the new consent and no second row; one who had unsubscribed is
 * subscribed again by this explicit request, but a complaint or a bouncing address keeps its
 * status (their mail would hurt the store's sending reputation, and a complaint is not undone
 * by a form anyone can fill in with that address). Sign-ups of one address are serialised by a
 * transaction lock, so two at once still make one subscriber.
 */
export async function recordSignUp(db: Db, scope: ShopScope, r: SignUp): Promise<number> {
  const now = new Date();
  const consent: Consent = { source: 'popup', popup_id: r.popupId, popup_name: r.popupName, at: now.toISOString(), ip: r.ip };
  const confirmed = r.confirmedAt ? { at: r.confirmedAt, ip: r.confirmedFrom?.ip ?? null, userAgent: r.confirmedFrom?.userAgent ?? null } : null;
  return db.transaction(async (tx) => {
    // A status this sign-up changes (back in after an unsubscribe, SMS given) is the shopper's own
    // act: at the pop-up, or at the confirmation link with double opt-in.
    await nameConsentSource(tx, confirmed
      ? { via: 'confirm-link', ip: confirmed.ip, userAgent: confirmed.userAgent, detail: r.popupName }
      : { via: 'popup', ip: r.ip, userAgent: r.userAgent, detail: r.popupName });
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup|${scope.shopId}|${r.email ?? r.phone ?? ''}`}))`);
    const found = (r.email ? await findBy(tx, scope, 'email', r.email) : null) ?? (r.phone ? await findBy(tx, scope, 'phone', r.phone) : null);
    let subscriberId: number;
    if (found !== null) {
      subscriberId = found;
      await tx.update(s).set({
        consent,
        status: sql`case when ${s.status} = 'unsubscribed' then 'subscribed' else ${s.status} end`,
        subscribedAt: sql`case when ${s.status} = 'unsubscribed' then now() else ${s.subscribedAt} end`,
        // Found by phone, the row learns the e-mail (no other row has it: e-mail is looked up first).
        email: sql`coalesce(${s.email}, ${r.email})`,
        phone: sql`coalesce(${s.phone}, ${r.phone})`,
        // SMS consent is its own: given for the number typed in, when that is the row's number.
        ...(r.phone ? {
          smsStatus: sql`case when coalesce(${s.phone}, ${r.phone}) = ${r.phone} then 'subscribed' else ${s.smsStatus} end`,
          smsConsent: sql`case when coalesce(${s.phone}, ${r.phone}) = ${r.phone} then ${JSON.stringify(consent)}::jsonb else ${s.smsConsent} end`,
        } : {}),
        updatedAt: now,
      }).where(scope.where(s, eq(s.id, found)));
    } else {
      const [row] = await tx.insert(s).values(scope.values({
        email: r.email, phone: r.phone, source: 'popup', status: 'subscribed' as const, subscribedAt: now, consent,
        ...(r.phone ? { smsStatus: 'subscribed' as const, smsConsent: consent } : {}),
      })).returning({ id: s.id });
      subscriberId = row!.id;
    }
    const [record] = await tx.insert(consentRecords).values(scope.values({
      subscriberId, popupId: r.popupId, popupName: r.popupName,
      channel: r.email && r.phone ? 'email_phone' as const : r.email ? 'email' as const : 'phone' as const,
      wording: r.wording, language: r.language, ip: r.ip, userAgent: r.userAgent, pageUrl: r.pageUrl, confirmedAt: r.confirmedAt,
    })).returning({ id: consentRecords.id });
    const channels = [...(r.email ? ['email' as const] : []), ...(r.phone ? ['sms' as const] : [])];
    await tx.insert(consentEvents).values(channels.flatMap((channel) => [
      scope.values({
        subscriberId, channel, kind: 'signed_up' as const, via: 'popup', consentRecordId: record!.id,
        ip: r.ip, userAgent: r.userAgent, detail: r.popupName, occurredAt: r.askedAt ?? now,
      }),
      ...(confirmed ? [scope.values({
        subscriberId, channel, kind: 'confirmed' as const, via: 'confirm-link', consentRecordId: record!.id,
        ip: confirmed.ip, userAgent: confirmed.userAgent, detail: r.popupName, occurredAt: confirmed.at,
      })] : []),
    ]));
    await joinVisitor(tx, scope, r.visitorId, subscriberId);
    await tx.insert(popupDailyStats).values(scope.values({ popupId: r.popupId, day: today(), signUps: 1 }))
      .onConflictDoUpdate({ target: [popupDailyStats.popupId, popupDailyStats.day], set: { signUps: sql`${popupDailyStats.signUps} + 1` } });
    // A subscribed sign-up starts the welcome flow (once per subscriber), with the sign-up.
    await enterWelcome(rawConnectionOf(tx), scope.shopId, [subscriberId], now);
    return subscriberId;
  });
}

async function findBy(db: Db, scope: ShopScope, field: 'email' | 'phone', value: string): Promise<number | null> {
  const [row] = await db.select({ id: s.id }).from(s).where(scope.where(s, eq(s[field], value))).orderBy(s.id).limit(1);
  return row?.id ?? null;
}
