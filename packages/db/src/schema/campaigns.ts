import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * Campaigns of the campaign centre (/custom). What is filtered or sorted on has a column; the rest
 * of the contract's campaign fields (offer tiers, look, coupon) is `settings`, parsed when read.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    form: text('form').notNull(),
    status: text('status').$type<'draft' | 'enabled' | 'archived' | 'closed'>().notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    /** A lucky draw's identity (email, phone, visitor) and period (once, day, week); null for other types. */
    drawIdentity: text('draw_identity'),
    drawPeriod: text('draw_period'),
    /** The goal set on /custom/aim (the contract's `campaignGoalSchema`); null when none. */
    goal: jsonb('goal').$type<{ metric: string; target: number }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_shop_idx').on(t.shopId, t.createdAt), index('campaigns_shop_status_idx').on(t.shopId, t.status)],
);

/**
 * A lucky draw's prizes. `weight` is the probability in hundredths of a percent (the prizes' add
 * up to 10,000); `stock_left` is taken one at a time by a conditional UPDATE, so it never goes
 * below zero however many shoppers draw at once. Null stock never runs out ("no prize").
 */
export const campaignPrizes = pgTable(
  'campaign_prizes',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<'coupon' | 'gift' | 'none'>().notNull(),
    label: jsonb('label').$type<Record<string, string>>().notNull(),
    couponPresetId: uuid('coupon_preset_id'),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    stockLeft: integer('stock_left'),
    won: integer('won').notNull().default(0),
  },
  (t) => [index('campaign_prizes_campaign_idx').on(t.campaignId, t.position)],
);

/** One draw a shopper played, with what it won; a won coupon's code is unique in its store. */
export const campaignDraws = pgTable(
  'campaign_draws',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    prizeId: uuid('prize_id').references(() => campaignPrizes.id, { onDelete: 'set null' }),
    prizeKind: text('prize_kind').notNull(),
    visitorId: text('visitor_id').notNull(),
    email: text('email'),
    phone: text('phone'),
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaign_draws_campaign_idx').on(t.campaignId, t.createdAt),
    uniqueIndex('campaign_draws_code_uq').on(t.shopId, t.couponCode).where(sql`${t.couponCode} is not null`),
  ],
);

/**
 * The identities a draw used up for its period: the normalised e-mail, phone and visitor id,
 * each once per campaign and period. Its primary key is what refuses a second draw, even two
 * arriving at the same moment.
 */
export const campaignDrawClaims = pgTable(
  'campaign_draw_claims',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    identityKey: text('identity_key').notNull(),
    drawId: uuid('draw_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.periodKey, t.identityKey] })],
);

/** A Segment Send or flow that promotes a campaign; closing or deleting the campaign removes the link. */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'strategy' | 'flow'>().notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_links_uq').on(t.campaignId, t.kind, t.targetId), index('campaign_links_shop_idx').on(t.shopId, t.kind, t.targetId)],
);

/**
 * The toolbox's saved links: a page of the store's shop with UTM parameters (`full_url`, where
 * the short link redirects) and a short code unique across the product, since the public short
 * link names no store. `clicks` is counted by the redirect's own UPDATE, one statement a click.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    destination: text('destination').notNull(),
    fullUrl: text('full_url').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmTerm: text('utm_term').notNull().default(''),
    utmContent: text('utm_content').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('short_links_code_uq').on(t.code), index('short_links_shop_idx').on(t.shopId, t.createdAt)],
);

/**
 * How often a campaign was shown to shoppers, one row per campaign and day of the store's time
 * zone: the report's views. Counted where the storefront asks for the draw (later also the landing
 * page), one increment per showing, as the pop-ups' daily rows are.
 */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);
