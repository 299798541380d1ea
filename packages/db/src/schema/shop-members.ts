import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * Who may act on a store, and as what. Its own file because it needs both users and shops:
 * accounts.ts already points at shops (a user's last store), so shops.ts imports no account
 * table and the two files never import each other.
 */
export const shopMembers = pgTable(
  'shop_members',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'manager'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] })],
);
