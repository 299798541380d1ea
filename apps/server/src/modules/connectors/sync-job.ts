import { type ConnectedPlatform, CONNECTED_PLATFORMS } from '@storecast/contract';
import type { Job } from '../../job.ts';
import { startPollingLoop } from '../../worker/polling-loop.ts';
import { claimableSyncs, claimSyncs, DEFAULT_SYNC_OPTIONS, queueFirstSync, runClaimedSync, type SyncOptions } from './sync-platform-store.ts';

/** The queue the claim of a platform store sends `{ shopId, platform }` to. */
export const FIRST_SYNC_JOB = 'platform-first-sync';

/**
 * The first sync as a job. A queued job records the sync and runs it at once; beside it, a loop
 * takes any sync queued or left running by a worker that died (its heartbeat older than the
 * lease) and runs it from where it stopped. The queue's own retry would wait for the job's
 * expiry (an hour): the lease lets a new worker resume within a minute.
 */
export function firstSyncJob(overrides: Partial<SyncOptions> & { loopMs?: number } = {}): Job {
  return {
    name: FIRST_SYNC_JOB,
    async start(deps, log) {
      let stopped = false;
      const opts: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...overrides, stopping: () => stopped };
      const runAll = async (only?: { shopId: string; platform: string }) => {
        for (const key of only ? [only] : await claimableSyncs(deps.dbh.db, opts.leaseMs)) {
          if (stopped) return;
          const [claimed] = await claimSyncs(deps.dbh.db, opts.leaseMs, key);
          if (!claimed) continue;
          try {
            const outcome = await runClaimedSync(deps, claimed, opts);
            log.info({ shopId: claimed.shopId, platform: claimed.platform, outcome }, 'platform first sync');
          } catch (err) {
            // Left running: another pass takes it once the lease has passed, and resumes it.
            log.error({ err, shopId: claimed.shopId }, 'platform first sync failed, will resume');
          }
        }
      };
      await deps.jobs.declare(FIRST_SYNC_JOB, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 });
      await deps.jobs.work<{ shopId?: unknown; platform?: unknown }>(FIRST_SYNC_JOB, async (job) => {
        const platform = CONNECTED_PLATFORMS.find((p) => p === job.data.platform) as ConnectedPlatform | undefined;
        if (typeof job.data.shopId !== 'string' || !platform) return;
        await queueFirstSync(deps.dbh.db, job.data.shopId, platform);
        await runAll({ shopId: job.data.shopId, platform });
      });
      const stop = startPollingLoop({
        pass: () => runAll(), periodMs: overrides.loopMs ?? Math.max(1000, Math.floor(opts.leaseMs / 2)), what: 'resuming platform first syncs',
      }, log);
      return async () => {
        stopped = true;
        await stop();
      };
    },
  };
}

export const platformSyncJob = firstSyncJob();
