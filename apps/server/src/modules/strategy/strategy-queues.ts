import type { Deps } from '../../deps.ts';

/**
 * `strategy-start`: a scheduled send, queued with startAfter at its send time. Its deliveries
 * then go through the delivery engine's own queue (modules/delivery).
 */
export const START_QUEUE = 'strategy-start';

export async function declareStartQueue(deps: Deps) {
  await deps.jobs.declare(START_QUEUE, { retryLimit: 5, retryDelay: 10, expireInSeconds: 600 });
}

export async function queueScheduledStart(deps: Deps, strategyId: string, at: Date) {
  await declareStartQueue(deps);
  await deps.jobs.send(START_QUEUE, { strategyId }, { startAfter: at });
}
