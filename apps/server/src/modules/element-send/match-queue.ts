import type { Deps } from '../../deps.ts';

/**
 * `element-match`: one job per product slot and attempt, `{ strategyId, slot, attempt }`. A
 * restarted slot (retry, change) gets a new attempt and a new job; the older job, if still
 * queued or running, finds its attempt overtaken and writes nothing.
 */
export const MATCH_QUEUE = 'element-match';

export interface SlotJob { strategyId: string; slot: number; attempt: number }

export async function declareMatchQueue(deps: Deps) {
  // Retried on an unexpected error (a dropped connection); a time-out or a product that is gone
  // is a result, not an error. Expiry well above the per-query time-out so a live run is never
  // taken for a dead one.
  await deps.jobs.declare(MATCH_QUEUE, { retryLimit: 2, retryDelay: 2, expireInSeconds: 600 });
}

export async function queueSlots(deps: Deps, jobs: SlotJob[]) {
  if (jobs.length === 0) return;
  await declareMatchQueue(deps);
  for (const job of jobs) await deps.jobs.send(MATCH_QUEUE, job);
}
