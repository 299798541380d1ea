import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps.ts';
import { sendJob } from '../modules/strategy/jobs.ts';
import { exportJob, importJob } from '../modules/transfer/jobs.ts';
import { senderDnsJob } from '../modules/sender/recheck-sender-domains.ts';
import { inboundSmtpJob } from '../modules/inbound/start-inbound-listener.ts';

/**
 * A background job of some module: scheduled sends, imports, exports, DNS checks. Each module
 * exports its jobs and adds them to JOBS; the worker role runs them against the same database.
 */
export interface Job {
  name: string;
  start(deps: Deps, log: FastifyBaseLogger): Promise<() => Promise<void>>;
}

const JOBS: Job[] = [importJob, exportJob, sendJob, senderDnsJob, inboundSmtpJob];

export async function startWorker(deps: Deps, log: FastifyBaseLogger) {
  const stops = await Promise.all(JOBS.map((job) => job.start(deps, log)));
  log.info({ jobs: JOBS.map((j) => j.name) }, 'worker started');
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
