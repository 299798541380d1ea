import type { FastifyBaseLogger } from 'fastify';

export interface PollingLoop {
  /** One pass over the job's own table; `true` means a full batch was done and more may wait. */
  pass(): Promise<boolean | void>;
  /** Pause after a pass that found less than a batch, or failed. */
  periodMs: number;
  /** Logged with a failure, which is retried after the pause. */
  what: string;
}

/**
 * Runs a job's pass until stopped: again at once while passes come back full, otherwise after the
 * pause. For jobs that poll their own table (dashboard rollups, renewals, expiries, invoice PDFs)
 * rather than wait for queued work. Returns how to stop it; stopping waits for a running pass.
 */
export function startPollingLoop(loop: PollingLoop, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let wake: () => void = () => {};
  const pause = () => new Promise<void>((resolve) => {
    const t = setTimeout(resolve, loop.periodMs);
    wake = () => {
      clearTimeout(t);
      resolve();
    };
  });
  const running = (async () => {
    while (!stopped) {
      try {
        if ((await loop.pass()) === true) continue;
      } catch (err) {
        if (stopped) break;
        log.error({ err }, `${loop.what} failed, will retry`);
      }
      if (!stopped) await pause();
    }
  })();
  return async () => {
    stopped = true;
    wake();
    await running;
  };
}
