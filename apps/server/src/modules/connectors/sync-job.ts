import { type ConnectedPlatform, CONNECTED_PLATFORMS } from '@storecast/contract';
import { type Db, platformSyncs } from '@storecast/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Job } from '../../job.ts';
import { startPollingLoop } from '../../worker/polling-loop.ts';
import { claimableSyncs, claimSyncs, DEFAULT_SYNC_OPTIONS, queueFirstSync, runClaimedSync, type SyncOptions } from './sync-platform-store.ts';

/** The queue the claim of a platform store sends `{ shopId, platform }` to. */
export const FIRST_SYNC_JOB = 'platform-first-sync';

/**
 * Runs of one sync that may end in an unexpected error (the platform down, a bug) or in a
 * worker's death before the sync is marked failed with the last error, which sync-status shows.
 * A run stopped on purpose (the worker shutting down) does not count.
 */
export const SYNC_ATTEMPT_LIMIT = 5;

type SyncKey = { shopId: string; platform: string };
const keyOf = (k: SyncKey) => and(eq(platformSyncs.shopId, k.shopId), eq(platformSyncs.platform, k.platform));

/**
 * The first sync as a job. A queued job records the sync and runs it at once; beside it, a loop
 * takes any sync queued or left running by a worker that died (its heartbeat older than the
 * lease) and runs it from where it stopped. The queue's own retry would wait for the job's
 * expiry (an hour): the lease lets a new worker resume within a minute.
 */
export function firstSyncJob(overrides: Partial<SyncOptions> & { loopMs?: number; attemptLimit?: number } = {}): Job {
  return {
    name: FIRST_SYNC_JOB,
    async start(deps, log) {
      let stopped = false;
      const opts: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...overrides, stopping: () => stopped };
      const limit = overrides.attemptLimit ?? SYNC_ATTEMPT_LIMIT;
      const db = deps.dbh.db;
      const runAll = async (only?: SyncKey) => {
        for (const key of only ? [only] : await claimableSyncs(db, opts.leaseMs)) {
          if (stopped) return;
          const [claimed] = await claimSyncs(db, opts.leaseMs, key);
          if (!claimed) continue;
          // Counted before the run, so a run that kills its worker counts too.
          const attempt = await countAttempt(db, claimed);
          if (attempt > limit) {
            await giveUp(db, claimed, attempt, claimed.error ?? 'errors.platformSync.failed');
            log.error({ shopId: claimed.shopId, platform: claimed.platform, attempts: attempt - 1 }, 'platform first sync given up');
            continue;
          }
          try {
            const outcome = await runClaimedSync(deps, claimed, opts);
            if (outcome === 'stopped') await uncountAttempt(db, claimed, attempt);
            log.info({ shopId: claimed.shopId, platform: claimed.platform, outcome }, 'platform first sync');
          } catch (err) {
            const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'error';
            if (attempt >= limit) {
              await giveUp(db, claimed, attempt, reason);
              log.error({ err, shopId: claimed.shopId, attempts: attempt }, 'platform first sync failed, given up');
            } else {
              // Left running: another pass takes it once the lease has passed, and resumes it.
              await db.update(platformSyncs).set({ error: reason }).where(and(keyOf(claimed), eq(platformSyncs.attempts, attempt)));
              log.error({ err, shopId: claimed.shopId, attempt }, 'platform first sync failed, will resume');
            }
          }
        }
      };
      await deps.jobs.declare(FIRST_SYNC_JOB, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 });
      await deps.jobs.work<{ shopId?: unknown; platform?: unknown }>(FIRST_SYNC_JOB, async (job) => {
        const platform = CONNECTED_PLATFORMS.find((p) => p === job.data.platform) as ConnectedPlatform | undefined;
        if (typeof job.data.shopId !== 'string' || !platform) return;
        await queueFirstSync(db, job.data.shopId, platform);
        // Queued anew (a failed sync the owner started again): its runs count from zero.
        await db.update(platformSyncs).set({ attempts: 0 })
          .where(and(keyOf({ shopId: job.data.shopId, platform }), eq(platformSyncs.status, 'queued')));
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

/**
 * One more run of a claimed sync. Its heartbeat (`updated_at`) is left alone: the run checks it
 * to know the row is still its own.
 */
async function countAttempt(db: Db, k: SyncKey): Promise<number> {
  const [row] = await db.update(platformSyncs).set({ attempts: sql`${platformSyncs.attempts} + 1` })
    .where(and(keyOf(k), eq(platformSyncs.status, 'running'))).returning({ attempts: platformSyncs.attempts });
  return row?.attempts ?? 0;
}

async function uncountAttempt(db: Db, k: SyncKey, attempt: number) {
  await db.update(platformSyncs).set({ attempts: attempt - 1 }).where(and(keyOf(k), eq(platformSyncs.attempts, attempt)));
}

/** Marked failed with its last error, unless another worker took the sync meanwhile (it counted a run of its own). */
async function giveUp(db: Db, k: SyncKey, attempt: number, error: string) {
  await db.update(platformSyncs).set({ status: 'failed', error, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(keyOf(k), eq(platformSyncs.status, 'running'), eq(platformSyncs.attempts, attempt)));
}
