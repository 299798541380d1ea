import type { ConnectedPlatform } from '@storecast/contract';
import type { Deps } from '../../deps.ts';

/** The first sync's queue; the sync job (sync-job.ts) works it. */
export const FIRST_SYNC_QUEUE = 'platform-first-sync';

/** Wakes a worker for the store's first sync, once: a second call while one waits adds nothing. */
export async function queueFirstSyncJob(deps: Deps, shopId: string, platform: ConnectedPlatform) {
  await deps.jobs.declare(FIRST_SYNC_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 });
  await deps.jobs.send(FIRST_SYNC_QUEUE, { shopId, platform }, { singletonKey: `${shopId}:${platform}` });
}
