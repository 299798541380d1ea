import type { Deps } from '../../deps.ts';

/**
 * `strategy-start`: a scheduled send, queued with startAfter at its send time.
 * `strategy-deliver`: works through a sending strategy's deliveries in batches. At most one job
 * per strategy waits in the queue (policy "short" + singletonKey), so follow-ups never pile up.
 */
export const START_QUEUE = 'strategy-start';
export const DELIVER_QUEUE = 'strategy-deliver';
/** A deliver job hands over to a fresh job after this long, so no job outlives its expiry. */
export const DELIVER_SLICE_MS = 120_000;

export async function declareSendQueues(deps: Deps) {
  await deps.jobs.declare(START_QUEUE, { retryLimit: 5, retryDelay: 10, expireInSeconds: 600 });
  await deps.jobs.declare(DELIVER_QUEUE, { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 });
}

/** Wakes a worker for the strategy's deliveries, now or at `at`. */
export async function queueDelivery(deps: Deps, strategyId: string, at?: Date) {
  await declareSendQueues(deps);
  await deps.jobs.send(DELIVER_QUEUE, { strategyId }, { singletonKey: strategyId, ...(at ? { startAfter: at } : {}) });
}

export async function queueScheduledStart(deps: Deps, strategyId: string, at: Date) {
  await declareSendQueues(deps);
  await deps.jobs.send(START_QUEUE, { strategyId }, { startAfter: at });
}
