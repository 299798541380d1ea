import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './accounts.ts';

/**
 * A sign-up waiting for its e-mail code. The account is created only when the code comes back,
 * so nobody can hold an address they cannot read. A row also exists for an address that already
 * has an account (its code is never sent): the countdown and the answers stay alike either way.
 * `sentAt` starts the resend countdown; a new request replaces the row.
 */
export const pendingSignUps = pgTable('pending_sign_ups', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Codes that link a phone to the account that asked for them. Kept apart from the sign-in codes
 * so a code of one purpose never works for the other, and tied to the user so another account
 * cannot spend it. Only a hash of the code is kept.
 */
export const phoneLinkCodes = pgTable(
  'phone_link_codes',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('phone_link_codes_mobile_idx').on(t.mobile, t.createdAt), index('phone_link_codes_user_idx').on(t.userId)],
);
