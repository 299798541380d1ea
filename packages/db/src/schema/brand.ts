import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * The e-mail style of a store (logo, colours, font, social links), one row per store. Kept as
 * the contract's `EmailStyle` document so the renderer and the form read the same shape.
 */
export const emailStyles = pgTable('email_styles', {
  shopId: uuid('shop_id').primaryKey().references(() => shops.id, { onDelete: 'cascade' }),
  style: jsonb('style').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * An uploaded image. The file lives under `DATA_DIR/uploads/<shop>/media/<id>.<ext>` and is
 * served without a session at `/media/<id>.<ext>`, because mail clients fetch it anonymously.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    /** logo (e-mail style) or image (content library, e-mail images). */
    purpose: text('purpose').$type<'logo' | 'image'>().notNull(),
    fileName: text('file_name').notNull(),
    /** Path relative to `DATA_DIR`, so a moved data folder keeps working. */
    path: text('path').notNull(),
    ext: text('ext').$type<'jpg' | 'png' | 'gif'>().notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('media_shop_idx').on(t.shopId, t.createdAt)],
);

/** Coupon presets a store reuses in its e-mails (SPEC: code, discount 0-100, description). */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discount: doublePrecision('discount').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('coupons_shop_code_uq').on(t.shopId, t.code)],
);

export type LibraryKind = 'title' | 'image' | 'template';

/**
 * The content library: subject lines (`text`), images (`media_id`) and e-mail templates
 * (`content`, the contract's `EmailDoc`), listed by kind, newest change first.
 */
export const libraryItems = pgTable(
  'library_items',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LibraryKind>().notNull(),
    name: text('name').notNull().default(''),
    text: text('text'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('library_items_shop_kind_idx').on(t.shopId, t.kind, t.updatedAt)],
);

/** How sales are credited to e-mails: within `window_days` of an open or a click. */
export const salesAttribution = pgTable('sales_attribution', {
  shopId: uuid('shop_id').primaryKey().references(() => shops.id, { onDelete: 'cascade' }),
  windowDays: integer('window_days').notNull().default(5),
  trigger: text('trigger').$type<'open' | 'click'>().notNull().default('click'),
  updatedAt: updatedAt(),
});
