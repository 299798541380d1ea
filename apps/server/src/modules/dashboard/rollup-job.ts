import type { Job } from '../../job.ts';
import { startPollingLoop } from '../../worker/polling-loop.ts';
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
    return startPollingLoop({
      pass: async () => (await recountDirtyBatch(deps.dbh)) > 0, periodMs: POLL_MS, what: 'recounting the dashboard rollups',
    }, log);
  },
};
