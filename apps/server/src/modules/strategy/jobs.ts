import { shopScope, strategies } from '@storecast/db';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Job } from '../../worker/start-worker.ts';
import { deliverStrategy } from './deliver-batches.ts';
import { startSend } from './start-send.ts';
import { stopStrategy, sweepStoppedClaims } from './stop-strategy.ts';
import { DELIVER_QUEUE, DELIVER_SLICE_MS, declareSendQueues, queueDelivery, START_QUEUE } from './strategy-queues.ts';

/**
 * Sending on the job queue.
 * - strategy-start (scheduled sends): at its time, re-reads the strategy; only a strategy still
 *   pending and due starts (a terminated or rescheduled one does not). A refusal at that point
 *   (sender no longer verified, volume short, nobody left) ends it in `exception` with the reason.
 * - strategy-deliver: claims and sends batches until none remain, then completes the strategy;
 *   with retries waiting or another worker's claims in flight it queues itself for later.
 * Recovery on worker start: every sending strategy gets a deliver job (claims of a dead worker
 * are taken over when their lease ends), pending strategies past their time are started, and
 * stale claims of stopped strategies are settled. So nothing stays "sending" for good.
 */
export const sendJob: Job = {
  name: DELIVER_QUEUE,
  async start(deps, log) {
    await declareSendQueues(deps);
    await deps.jobs.work<{ strategyId: string }>(START_QUEUE, async (job) => runScheduledStart(deps, log, job.data.strategyId));
    await deps.jobs.work<{ strategyId: string }>(DELIVER_QUEUE, async (job) => runDeliver(deps, log, job.data.strategyId));
    await recover(deps, log);
    return async () => {};
  },
};

export async function runScheduledStart(deps: Deps, log: FastifyBaseLogger, strategyId: string) {
  const [s] = await deps.dbh.db.select().from(strategies).where(eq(strategies.id, strategyId));
  if (!s || s.status !== 'pending') return;
  // Rescheduled later after this job was queued: the newer job starts it.
  if (s.sendAt && s.sendAt.getTime() > Date.now() + 5_000) return;
  try {
    await startSend(deps, shopScope(s.shopId), strategyId, ['pending']);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // No longer pending: another runner started it meanwhile (the start-up sweep and the queued
    // job can both pick up a due send), or the owner terminated or edited it. Not a refusal.
    if (err.key === 'errors.strategy.notEditable') return;
    log.warn({ strategyId, reason: err.key }, 'scheduled send refused');
    await stopStrategy(deps.dbh, s.shopId, strategyId, { status: 'exception', failure: err.key }).catch(() => {});
  }
}

async function runDeliver(deps: Deps, log: FastifyBaseLogger, strategyId: string) {
  try {
    const r = await deliverStrategy(deps, strategyId, Date.now() + DELIVER_SLICE_MS);
    if (r.state === 'more') await queueDelivery(deps, strategyId);
    if (r.state === 'wait') await queueDelivery(deps, strategyId, r.until);
  } catch (err) {
    if (err instanceof AppError) {
      // The e-mail cannot be built any more (sender unverified meanwhile, content broken).
      const [s] = await deps.dbh.db.select({ shopId: strategies.shopId }).from(strategies).where(eq(strategies.id, strategyId));
      log.warn({ strategyId, reason: err.key }, 'send stopped');
      if (s) await stopStrategy(deps.dbh, s.shopId, strategyId, { status: 'exception', failure: err.key }).catch(() => {});
      return;
    }
    log.error({ err, strategyId }, 'delivery failed, will retry');
    throw err;
  }
}

async function recover(deps: Deps, log: FastifyBaseLogger) {
  const { db } = deps.dbh;
  for (const s of await db.select({ id: strategies.id }).from(strategies).where(eq(strategies.status, 'sending'))) {
    await queueDelivery(deps, s.id);
  }
  const overdue = await db.select({ id: strategies.id }).from(strategies)
    .where(and(eq(strategies.status, 'pending'), lt(strategies.sendAt, new Date())));
  for (const s of overdue) {
    log.info({ strategyId: s.id }, 'starting an overdue scheduled send');
    await runScheduledStart(deps, log, s.id);
  }
  await sweepStoppedClaims(deps.dbh);
}
