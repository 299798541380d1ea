import { z } from 'zod';
import { CONNECTED_PLATFORMS } from '../rules/store.ts';
import { defineRoute } from './define-route.ts';

/** The parts of a store's first sync from its platform, in the order they run. */
export const PLATFORM_SYNC_STAGES = ['customers', 'products', 'orders'] as const;
export type PlatformSyncStage = (typeof PLATFORM_SYNC_STAGES)[number];

/** queued: waiting for a worker; running; done; failed (see `error`). */
export const PLATFORM_SYNC_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type PlatformSyncStatus = (typeof PLATFORM_SYNC_STATUSES)[number];

export const platformSyncStatusSchema = z.object({
  platform: z.enum(CONNECTED_PLATFORMS),
  status: z.enum(PLATFORM_SYNC_STATUSES),
  /** The stage running now (the last one once done). */
  stage: z.enum(PLATFORM_SYNC_STAGES),
  /** Records written so far, all stages together. */
  done: z.number().int(),
  /** Records the platform has to send, as far as known (stages not yet counted are guessed from those that are). */
  estimated: z.number().int(),
  /** Seconds left at the pace so far; null before there is a pace, or when not running. */
  eta_seconds: z.number().int().nullable(),
  /** ISO 8601 timestamps. */
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Why it failed, in the caller's language; null unless failed. */
  error: z.string().nullable(),
});
export type PlatformSyncStatusData = z.infer<typeof platformSyncStatusSchema>;

export const platformSyncRoutes = {
  status: defineRoute({
    method: 'GET', path: '/channel-shop/sync-status', access: 'shop', tag: 'channel-shop',
    summary: 'The first sync from the store\'s platform: stage, records done, an estimate and time left; null when none ran',
    data: platformSyncStatusSchema.nullable(),
  }),
} as const;
