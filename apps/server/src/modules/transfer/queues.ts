import type { Deps } from '../../deps.ts';

/** Job queue names of imports and exports, and how long one job may run before it is retried. */
export const IMPORT_QUEUE = 'import';
export const EXPORT_QUEUE = 'export';

/**
 * An import job works for at most this long, then queues its own continuation; a job not
 * finished within IMPORT_EXPIRE_S (its worker died) is retried by the queue and resumes from
 * the last saved batch.
 */
export const IMPORT_SLICE_MS = 60_000;
export const IMPORT_EXPIRE_S = 300;
export const EXPORT_EXPIRE_S = 1800;
export const RETRY_LIMIT = 3;

/**
 * Creates a queue and its "-failed" dead-letter queue if missing. Called before the first send
 * as well as by the worker, so an API-only process can queue work before any worker started.
 */
export async function declareQueue(deps: Deps, queue: string) {
  const expireInSeconds = queue === IMPORT_QUEUE ? IMPORT_EXPIRE_S : EXPORT_EXPIRE_S;
  await deps.jobs.declare(`${queue}-failed`, { retryLimit: 0 });
  await deps.jobs.declare(queue, { retryLimit: RETRY_LIMIT, retryDelay: 5, expireInSeconds, deadLetter: `${queue}-failed` });
}
