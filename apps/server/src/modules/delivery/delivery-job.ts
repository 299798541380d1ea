import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Job } from '../../job.ts';
import { deliverSend } from './deliver-batches.ts';
import { DELIVER_QUEUE, DELIVER_SLICE_MS, declareDeliveryQueue, type DeliverJobData, queueDelivery } from './delivery-queue.ts';
import type { DeliverySource } from './delivery-source.ts';
import { sweepStoppedClaims } from './sweep-stopped-claims.ts';

/**
 * The engine on the job queue, with the sources the worker registers (start-worker.ts). A
 * deliver job claims and sends batches until none remain, then tells the source the send
 * completed; with retries waiting or another worker's claims in flight it queues itself for
 * later. On worker start every source's sending sends get a job (claims of a dead worker are
 * taken over when their lease ends) and stale claims of ended sends are settled, so nothing
 * stays "sending" for good.
 */
export function deliveryJob(sources: readonly DeliverySource[]): Job {
  const byKind = new Map<string, DeliverySource>();
  for (const s of sources) {
    if (byKind.has(s.kind)) throw new Error(`delivery source ${s.kind} registered twice`);
    byKind.set(s.kind, s);
  }
  return {
    name: DELIVER_QUEUE,
    async start(deps, log) {
      await declareDeliveryQueue(deps);
      await deps.jobs.work<Partial<DeliverJobData>>(DELIVER_QUEUE, async (job) => {
        const source = byKind.get(job.data.source ?? '');
        // A job queued by a version before sources (data `{ strategyId }`) is dropped: the
        // recovery below has queued its send again under the current form.
        if (!source || !job.data.sendId) return void log.warn({ data: job.data }, 'deliver job of no known source dropped');
        await runDeliver(deps, log, source, job.data.sendId);
      });
      for (const source of byKind.values()) await recover(deps, source);
      return async () => {};
    },
  };
}

async function runDeliver(deps: Deps, log: FastifyBaseLogger, source: DeliverySource, sendId: string) {
  try {
    const r = await deliverSend(deps, source, sendId, Date.now() + DELIVER_SLICE_MS);
    if (r.state === 'more') await queueDelivery(deps, source.kind, sendId);
    if (r.state === 'wait') await queueDelivery(deps, source.kind, sendId, r.until);
  } catch (err) {
    if (err instanceof AppError) {
      // The mail cannot be built any more (sender unverified meanwhile, content broken).
      log.warn({ source: source.kind, sendId, reason: err.key }, 'send stopped');
      await source.onEvent(deps, sendId, { type: 'failed', reason: err.key }).catch(() => {});
      return;
    }
    log.error({ err, source: source.kind, sendId }, 'delivery failed, will retry');
    throw err;
  }
}

async function recover(deps: Deps, source: DeliverySource) {
  for (const id of await source.listSending(deps)) await queueDelivery(deps, source.kind, id);
  await sweepStoppedClaims(deps.dbh, source);
}
