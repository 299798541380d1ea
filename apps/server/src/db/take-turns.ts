import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work on the embedded database (PGlite) runs in the server's own thread, and its queries
 * resolve as promise callbacks, which run before the event loop reads any socket again: a loop
 * of a thousand statements keeps every other request, the health check included, waiting until
 * it ends. Work that may run long gives the event loop a turn between its short transactions.
 */
export const giveOthersATurn = () => nextTurn();

const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` when the work queued before it under the same key has finished, so one store's
 * batches run one after another (in this process) instead of all at once.
 */
export async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => {});
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
