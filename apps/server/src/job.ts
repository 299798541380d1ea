import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './deps.ts';

/**
 * A background job of some module: scheduled sends, deliveries, imports, exports, DNS checks.
 * Modules export their jobs and import only this type; start-worker.ts, the one file that knows
 * every job, runs them against the same database. It sits beside deps.ts, not in worker/: a job
 * receives Deps, and Deps holds the queue that worker/ provides.
 */
export interface Job {
  name: string;
  /** Starts the job's workers and recovery; returns how to stop them. */
  start(deps: Deps, log: FastifyBaseLogger): Promise<() => Promise<void>>;
}
