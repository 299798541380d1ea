import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * A store's link to its store on a platform (Shopify, Shoplazza, Shopline): which platform store
 * it is and the access token the platform granted, sealed (apps/server/src/modules/connectors).
 * One platform store belongs to one store here, and a store has at most one link per platform.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform store's domain as its webhooks name it, as `tea.myshopify.com`. */
    shopDomain: text('shop_domain').notNull(),
    /** The admin API access token, sealed; empty until the install completes. */
    sealedToken: text('sealed_token').notNull().default(''),
    scopes: text('scopes').notNull().default(''),
    /** Shoplazza's refresh token, sealed; empty where the platform gives none (Shopify, Shopline). */
    sealedRefreshToken: text('sealed_refresh_token').notNull().default(''),
    /** When the access token stops working; null where it does not expire (Shopify's offline token). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** authorized, revoked (the token stopped working) or uninstalled (the platform said so). */
    status: text('status').notNull().default('authorized'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_connections_domain_idx').on(t.platform, t.shopDomain),
    uniqueIndex('platform_connections_shop_idx').on(t.shopId, t.platform),
  ],
);

/**
 * Every platform webhook taken, once per event: a delivery whose event is here already changes
 * nothing. The body waits here for the job that applies it (`processed_at` set then).
 */
export const platformWebhooks = pgTable(
  'platform_webhooks',
  {
    platform: text('platform').notNull(),
    eventId: text('event_id').notNull(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /**
     * The body as the platform sent it (JSON text: jsonb would refuse a `\u0000` in a customer's
     * note); emptied once applied, so a customer's redaction leaves no copy here.
     */
    payload: text('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Why the webhook changed nothing (a payload the writers refused, an unknown topic); null when applied. */
    error: text('error'),
    /** What a privacy request was answered with (customers/data_request: the data held), as JSON text. */
    answer: text('answer'),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.eventId] }),
    // The job takes the oldest waiting webhook (the first index) whose store has none older
    // waiting (the second), so a backlog costs a probe per webhook, not a sort.
    index('platform_webhooks_waiting_order_idx').on(t.receivedAt, t.platform, t.eventId).where(sql`${t.processedAt} is null`),
    index('platform_webhooks_waiting_idx').on(t.shopId, t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);
