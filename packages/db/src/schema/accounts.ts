import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/** A person who signs in: a store owner or an invited manager. Not store-owned. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  mobile: text('mobile').unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** The store the user acted on last; a new session starts there. */
  lastShopId: uuid('last_shop_id').references((): AnyPgColumn => shops.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A signed-in browser. Only the SHA-256 of the token is stored, so a leaked table cannot be
 * replayed. `shopId` is the store the session currently acts on; switching store moves it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in codes sent by SMS. Only a hash of the code is kept. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: id(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verify_codes_mobile_idx').on(t.mobile, t.createdAt)],
);
