import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

/**
 * An owner's invitation of a manager by e-mail to some of their stores. Only the token's SHA-256
 * is kept; the link carries the token. Accepting checks again that the inviter still owns each
 * store, so a store transferred meanwhile is not granted by an old link.
 */
export const managerInvitations = pgTable(
  'manager_invitations',
  {
    id: id(),
    inviterId: uuid('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    shopIds: uuid('shop_ids').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('manager_invitations_inviter_idx').on(t.inviterId, t.createdAt)],
);
