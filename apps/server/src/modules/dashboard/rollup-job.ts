import type { Job } from '../../job.ts';
import { recountDirtyBatch } from './recount-days.ts';

/** How long marked days wait at most before they are recounted when the job is idle. */
const POLL_MS = 2000;

/**
 * Keeps the daily rollups equal to the raw rows. Triggers on deliveries, orders and subscribers
 * (migration 0015) mark every store day a write may change; this job recounts the marked days
 * from the raw rows, batch after batch while batches come back full, else every POLL_MS. The
 * dashboard reads only the rollups, so a page view never scans raw rows.
 */
export const rollupJob: Job = {
  name: 'stats-rollup',
  async start(deps, log) {
    let stopped = false;
    let wake: () => void = () => {};
    const sleep = (ms: number) => new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
    const loop = (async () => {
      while (!stopped) {
        try {
          const n = await recountDirtyBatch(deps.dbh);
          if (n > 0) continue;
          await sleep(POLL_MS);
        } catch (err) {
          if (stopped) break;
          log.error({ err }, 'recounting the dashboard rollups failed, will retry');
          await sleep(POLL_MS);
        }
      }
    })();
    return async () => {
      stopped = true;
      wake();
      await loop;
    };
  },
};
