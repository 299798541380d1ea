import { z } from 'zod';
import { pageSchema } from '../rules/segment.ts';
import { calendarDaySchema } from './calendar.ts';
import { defineRoute } from './define-route.ts';

/**
 * The action key of a write route: its path as a dotted key under `notices.activity`, with
 * hyphenated segments in camel case (`/shop/api-token/create` → `notices.activity.shop.apiToken.create`).
 */
export function activityActionKey(path: string): string {
  const key = path.replace(/^\//, '').split('/').map((s) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())).join('.');
  return `notices.activity.${key}`;
}

export const activityLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.string(),
  action: z.string(),
  /** The action in the caller's language; the route's path when the product has no label for it. */
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

export const activityLogQuery = z.object({
  page: pageSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** An action key (`notices.activity.…`). */
  action: z.string().max(120).optional(),
  /** Days in the store's time zone, both included. */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
});

/** Activity logs of the admin's users (/data/activity-logs). */
export const activityRoutes = {
  logs: defineRoute({
    method: 'GET', path: '/data/activity-logs', access: 'shop', tag: 'activity',
    summary: "Who did what in the store, newest first, paged; filter by action and days in the store's time zone",
    query: activityLogQuery,
    data: z.object({
      items: z.array(activityLogSchema),
      total: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
      /** The actions the filter offers: every action recorded in this store, labelled. */
      actions: z.array(z.object({ key: z.string(), label: z.string() })),
    }),
  }),
} as const;
