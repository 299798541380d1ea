import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './deps.ts';
import { expiryJob, invoicePdfJob, renewalJob } from './modules/billing/index.ts';
import { deliveryJob } from './modules/delivery/index.ts';
import { discountCodesJob, platformSyncJob, platformWebhookJob, tokenRefreshJob } from './modules/connectors/index.ts';
import { elementMatchJob } from './modules/element-send/index.ts';
import { rollupJob } from './modules/dashboard/index.ts';
import { flowEmailSource, flowSmsSource, flowsJob } from './modules/flows/index.ts';
import { inboundSmtpJob } from './modules/inbound/index.ts';
import { senderDnsJob } from './modules/sender/index.ts';
import { scheduledSendJob, segmentSendSource } from './modules/strategy/index.ts';
import { exportJob, importJob } from './modules/transfer/index.ts';
import type { Job } from './job.ts';

/**
 * Every background job, the one place that knows them all: a composition root like app.ts, so
 * `worker/` (the queue and the Job type) stays below the modules. The delivery engine is given the
 * features that send through it (its sources); a new sending feature adds its source here.
 */
const JOBS: Job[] = [
  importJob, exportJob, scheduledSendJob, flowsJob, elementMatchJob, rollupJob,
  deliveryJob([segmentSendSource, flowEmailSource, flowSmsSource]), senderDnsJob, inboundSmtpJob,
  renewalJob, expiryJob, invoicePdfJob, platformWebhookJob, platformSyncJob, discountCodesJob, tokenRefreshJob,
];

export async function startWorker(deps: Deps, log: FastifyBaseLogger) {
  const stops = await Promise.all(JOBS.map((job) => job.start(deps, log)));
  log.info({ jobs: JOBS.map((j) => j.name) }, 'worker started');
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
