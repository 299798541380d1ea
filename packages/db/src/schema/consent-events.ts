import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscribers } from './audience.ts';
import { consentRecords } from './popups.ts';
import { shops } from './shops.ts';

/** What happened to a subscriber's permission: the kinds a consent history shows. */
export type ConsentEventKind = 'signed_up' | 'confirmed' | 'subscribed' | 'resubscribed' | 'unsubscribed' | 'complained';

/**
 * One step in a subscriber's consent history, kept as the proof an owner shows when a complaint
 * or a regulator asks: each sign-up and confirmation (written with the sign-up, pointing at its
 * consent record's page, wording and language), and each change of the e-mail or SMS status
 * (written by a trigger, migration 0019, whatever path made it), with where it came from.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull().references(() => subscribers.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    kind: text('kind').$type<ConsentEventKind>().notNull(),
    /**
     * Where it came from: popup, confirm-link, link (the unsubscribe page), one-click, mailto,
     * sms-stop, sms-start, carrier, admin, import, api; `other` when the writer named none.
     */
    via: text('via').notNull(),
    /** The sign-up's record (page, wording, language, pop-up) for sign-ups and confirmations. */
    consentRecordId: bigint('consent_record_id', { mode: 'number' }).references(() => consentRecords.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** What else names the source: the import's file, the admin's e-mail. */
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_subscriber_idx').on(t.subscriberId, t.occurredAt)],
);
