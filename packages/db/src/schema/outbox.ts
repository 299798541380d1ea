import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { shops } from './shops.ts';

/**
 * Mail and SMS kept instead of sent when no SMTP or SMS provider is configured, so the embedded
 * default never sends anything by surprise. `shop_id` is empty for account messages such as
 * sign-in codes.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
