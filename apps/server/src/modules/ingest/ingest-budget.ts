import type { ShopScope } from '@storecast/db';
import { oneAtATime } from '../../db/take-turns.ts';
import { tooMany } from '../../http/app-error.ts';

/**
 * What one store may ask of ingestion, so it cannot starve the others (on the embedded
 * database everything shares one connection): this many batches a minute (answered 429 above
 * it) and one batch at a time (the next waits). A batch holds at most 1,000 items (the
 * contract), each written on its own, with a turn for other requests in between
 * (giveOthersATurn).
 */
export const INGEST_BATCHES_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

export function ingestBudget() {
  const windows = new Map<string, { start: number; count: number }>();
  return async <T>(scope: ShopScope, run: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    let w = windows.get(scope.shopId);
    if (!w || now - w.start >= WINDOW_MS) {
      // Windows of stores that went quiet are dropped now and then, so the map stays small.
      if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= WINDOW_MS) windows.delete(k);
      w = { start: now, count: 0 };
      windows.set(scope.shopId, w);
    }
    if (++w.count > INGEST_BATCHES_PER_MINUTE) throw tooMany(WINDOW_MS - (now - w.start));
    return oneAtATime(`ingest:${scope.shopId}`, run);
  };
}
