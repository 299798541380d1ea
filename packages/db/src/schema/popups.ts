import { sql } from 'drizzle-orm';
import {
  bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';
import { subscribers } from './audience.ts';

/**
 * A store's pop-ups: `main` is its one subscription pop-up (/popup), `custom` the pop-ups of the
 * pop-up centre (/custom-popup). Content and conditions are the contract's documents
 * (`popupContentSchema`, `popupConditionsSchema`), parsed by the server when read.
 */
export const popups = pgTable(
  'popups',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'main' | 'custom'>().notNull(),
    name: text('name').notNull(),
    templateId: uuid('template_id'),
    enabled: boolean('enabled').notNull().default(false),
    doubleOptIn: boolean('double_opt_in').notNull().default(false),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('popups_shop_idx').on(t.shopId, t.createdAt),
    // One subscription pop-up per store.
    uniqueIndex('popups_shop_main_uq').on(t.shopId).where(sql`${t.kind} = 'main'`),
  ],
);

/**
 * Views and sign-ups per pop-up and day (the store's time zone is not applied: days are UTC),
 * so the list reads a few rows per pop-up instead of counting events.
 */
export const popupDailyStats = pgTable(
  'popup_daily_stats',
  {
    popupId: uuid('popup_id').notNull().references(() => popups.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    signUps: integer('sign_ups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.day] }), index('popup_daily_stats_shop_idx').on(t.shopId, t.day)],
);

/**
 * Pop-up templates of the gallery, shared by every store and managed by the internal stores
 * named in configuration. Not store-owned.
 */
export const popupTemplates = pgTable(
  'popup_templates',
  {
    id: id(),
    /** A stable key for the templates the product ships, so a start adds the missing ones only. */
    builtinKey: text('builtin_key').unique(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    target: text('target').notNull(),
    activity: text('activity').notNull(),
    theme: text('theme').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status').$type<'draft' | 'published' | 'retired'>().notNull().default('draft'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('popup_templates_status_sort_idx').on(t.status, t.sort)],
);

/**
 * One consent a shopper gave through a pop-up: when, from where, and the exact wording shown.
 * Kept for every sign-up, a repeated one included, as the proof a regulator or provider asks for.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull().references(() => subscribers.id, { onDelete: 'cascade' }),
    popupId: uuid('popup_id').references(() => popups.id, { onDelete: 'set null' }),
    /** The pop-up's name when the consent was given; kept if the pop-up is renamed or deleted. */
    popupName: text('popup_name').notNull(),
    channel: text('channel').$type<'email' | 'phone' | 'email_phone'>().notNull(),
    wording: text('wording').notNull(),
    language: text('language').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    pageUrl: text('page_url').notNull(),
    /** Double opt-in: when the confirmation link was clicked; null while waiting or without it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_subscriber_idx').on(t.subscriberId, t.createdAt)],
);

/**
 * An anonymous storefront visitor (the id the script keeps in localStorage), joined to a
 * subscriber on sign-up or identify. Its events are kept in `events` with `visitor_id`.
 */
export const visitors = pgTable(
  'visitors',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).references(() => subscribers.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.visitorId] })],
);

/**
 * A double opt-in sign-up waiting for the click in its confirmation mail; nobody is subscribed
 * until then. The link carries a random token of which only the SHA-256 is kept.
 */
export const popupConfirmations = pgTable(
  'popup_confirmations',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    popupId: uuid('popup_id').references(() => popups.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    phone: text('phone'),
    visitorId: text('visitor_id').notNull(),
    /** The sign-up as it was asked for: language, wording, ip, user agent, page. */
    request: jsonb('request').$type<{ language: string; wording: string; ip: string; userAgent: string; pageUrl: string; popupName: string }>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('popup_confirmations_shop_email_idx').on(t.shopId, t.email)],
);
