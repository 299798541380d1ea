// Codes and notices still on their way, so closing the app (and a test) can wait for them.
const inFlight = new Set<Promise<void>>();

/**
 * Runs a send once the answer has gone out: on the embedded database the outbox write runs on
 * the request's thread and would otherwise hold the answer back by its own time, and a slow
 * provider would tell apart the cases that send from those that do not.
 */
export function sendAfterAnswer(task: () => Promise<void>): void {
  const sending = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves when every message started so far has been handed over (or has failed). */
export const settleAuthMessages = async (): Promise<void> => void (await Promise.all(inFlight));
