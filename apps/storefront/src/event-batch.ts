import type { StorefrontEvent } from './storefront-types.ts';

/**
 * Shopper events wait here and leave in batches of at most 50 (the route's limit): every few
 * seconds, and at once when the page is hidden or left, when a beacon is the only request a
 * browser still lets out. A failed send keeps nothing: events are a measure, not a ledger.
 */
export const BATCH_MAX = 50;
export const FLUSH_EVERY_MS = 4000;
/** Events kept while nothing can be sent; the oldest go first. */
const QUEUE_MAX = 500;

export interface EventBatch {
  add(event: StorefrontEvent): void;
  /** Sends everything waiting, in batches. */
  flush(): void;
}

export function createEventBatch(send: (events: StorefrontEvent[]) => void, schedule: (fn: () => void, ms: number) => unknown = setTimeout): EventBatch {
  let queue: StorefrontEvent[] = [];
  let timer = false;
  const batch: EventBatch = {
    add(event) {
      queue.push(event);
      if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
      if (queue.length >= BATCH_MAX) batch.flush();
      else if (!timer) {
        timer = true;
        schedule(() => {
          timer = false;
          batch.flush();
        }, FLUSH_EVERY_MS);
      }
    },
    flush() {
      while (queue.length) send(queue.splice(0, BATCH_MAX));
    },
  };
  return batch;
}
