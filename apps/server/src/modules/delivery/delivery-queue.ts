import type { Deps } from '../../deps.ts';

/**
 * The deliver queue: a job works through one send's deliveries in batches. At most one job per
 * send waits in the queue (policy "short" + singletonKey), so follow-ups never pile up. The
 * queue keeps the name it had when only strategies sent, so jobs already queued are still worked.
 */
export const DELIVER_QUEUE = 'strategy-deliver';
/** A deliver job hands over to a fresh job after this long, so no job outlives its expiry. */
export const DELIVER_SLICE_MS = 120_000;

/** What a deliver job carries: the source that owns the send, and the send's id in that source. */
export interface DeliverJobData {
  source: string;
  sendId: string;
}

export async function declareDeliveryQueue(deps: Deps) {
  await deps.jobs.declare(DELIVER_QUEUE, { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 });
}

/** Wakes a worker for the send's deliveries, now or at `at`. `source` is its DeliverySource kind. */
export async function queueDelivery(deps: Deps, source: string, sendId: string, at?: Date) {
  await declareDeliveryQueue(deps);
  const data: DeliverJobData = { source, sendId };
  await deps.jobs.send(DELIVER_QUEUE, data, { singletonKey: `${source}:${sendId}`, ...(at ? { startAfter: at } : {}) });
}
