import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export interface ShopGuide {
  subscribe_popup: number;
  popup_strategy: number;
}

/** A connected store. Every store-owned table references it by `shop_id`. */
export const shops = pgTable('shops', {
  id: id(),
  name: text('name').notNull(),
  homepageUrl: text('homepage_url').notNull(),
  platform: text('platform').notNull(),
  platformDomain: text('platform_domain').notNull(),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /**
   * The language the store writes to its subscribers in: Smart Send's default flows are written
   * in it, whoever asks. Set from the language of the admin that connected the store.
   */
  language: text('language').$type<'zh-CN' | 'en-US'>().notNull().default('zh-CN'),
  /** Postal address printed in every e-mail footer (CAN-SPAM and the providers' bulk rules); empty until set. */
  postalAddress: text('postal_address').notNull().default(''),
  /** 1 connected and authorised, 0 connected but authorisation pending. */
  installStatus: integer('install_status').notNull().default(1),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  campaignStrategy: integer('campaign_strategy').notNull().default(0),
  hostCheck: boolean('host_check').notNull().default(false),
  guide: jsonb('guide').$type<ShopGuide>().notNull().default({ subscribe_popup: 1, popup_strategy: 1 }),
  /** Feature switches that differ from the defaults (all true); absent keys are true. */
  /**
   * Names the store to the storefront script (`pk_` and 32 hex characters): public, unguessable,
   * and not the store's id, so a page's source reveals nothing an admin route takes.
   */
  publicKey: text('public_key').notNull().unique().default(sql`'pk_' || replace(gen_random_uuid()::text, '-', '')`),
  /** Smart Send settings (the contract's `automationSettingsSchema`); absent keys take its defaults. */
  automation: jsonb('automation').$type<Record<string, unknown>>().notNull().default({}),
  guideFlags: jsonb('guide_flags').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
