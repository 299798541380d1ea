// Mail and SMS still on their way, so closing the app (and a test) can wait for them.
const inFlight = new Set<Promise<void>>();

/**
 * Runs a send once the answer has gone out: on the embedded database the outbox write runs on
 * the request's thread and would otherwise hold the answer back by its own time, a slow
 * provider would hold the caller (a shopper's pop-up, a sign-in form), and the time of the
 * answer would tell apart the cases that send from those that do not. `onError` takes a failed
 * send; without it the task handles its own failures.
 */
export function sendAfterAnswer(task: () => Promise<void>, onError?: (err: unknown) => void): void {
  const started = new Promise<void>((resolve) => setImmediate(resolve)).then(task);
  const sending = (onError ? started.catch(onError) : started).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves when every message started so far has been handed over (or has failed). */
export const settleSentAfterAnswer = async (): Promise<void> => void (await Promise.all(inFlight));
