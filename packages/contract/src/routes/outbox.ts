import { z } from 'zod';
import { pageSchema } from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';

/**
 * The local outbox: without SMTP settings mail is kept instead of sent, and the admin reads it
 * here (the store's own messages only).
 */
export const outboxItemSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  strategy_id: z.string().nullable(),
  created_at: z.string(),
});

export const outboxRoutes = {
  list: defineRoute({
    method: 'GET', path: '/outbox/list', access: 'shop', tag: 'outbox',
    summary: 'Mail of the store kept in the local outbox, newest first',
    query: z.object({
      strategy_id: z.string().max(50).optional(),
      page: pageSchema.default(1),
      page_size: pageSchema.max(100).default(20),
    }),
    data: z.object({ items: z.array(outboxItemSchema), total: z.number().int() }),
  }),
  detail: defineRoute({
    method: 'GET', path: '/outbox/detail', access: 'shop', tag: 'outbox',
    summary: 'One kept message: HTML, text and headers',
    query: z.object({ id: z.string().min(1).max(50) }),
    data: outboxItemSchema.extend({ from: z.string(), html: z.string(), text: z.string(), headers: z.record(z.string(), z.string()) }),
  }),
} as const;
