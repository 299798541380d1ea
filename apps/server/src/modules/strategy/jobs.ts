import { shops, shopScope, strategies } from '@storecast/db';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Job } from '../../job.ts';
import { startSend } from './start-send.ts';
import { stopStrategy } from './stop-strategy.ts';
import { declareStartQueue, queueScheduledStart, START_QUEUE } from './strategy-queues.ts';

/**
 * Scheduled sends on the job queue (strategy-start): at its time, re-reads the strategy; only a
 * strategy still pending and due starts (a terminated or rescheduled one does not). A refusal
 * at that point (sender no longer verified, volume short, nobody left) ends it in `exception`
 * with the reason. Once started, its deliveries are the delivery engine's (segment-send-source.ts).
 * On worker start, pending strategies past their time are started, so none waits for good.
 */
export const scheduledSendJob: Job = {
  name: START_QUEUE,
  async start(deps, log) {
    await declareStartQueue(deps);
    await deps.jobs.work<{ strategyId: string }>(START_QUEUE, async (job) => runScheduledStart(deps, log, job.data.strategyId));
    await startOverdue(deps, log);
    return async () => {};
  },
};

/** How often a scheduled send of a store that is not authorised looks again. */
const PAUSED_RECHECK_MS = 10 * 60_000;

export async function runScheduledStart(deps: Deps, log: FastifyBaseLogger, strategyId: string) {
  const [s] = await deps.dbh.db.select().from(strategies).where(eq(strategies.id, strategyId));
  if (!s || s.status !== 'pending') return;
  // Rescheduled later after this job was queued: the newer job starts it.
  if (s.sendAt && s.sendAt.getTime() > Date.now() + 5_000) return;
  // A store whose platform app was uninstalled is not authorised: its send waits, pending, and
  // looks again later, so it starts once the owner installs the app again.
  const [shop] = await deps.dbh.db.select({ installStatus: shops.installStatus }).from(shops).where(eq(shops.id, s.shopId));
  if (shop && shop.installStatus !== 1) {
    await queueScheduledStart(deps, strategyId, new Date(Date.now() + PAUSED_RECHECK_MS));
    return;
  }
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

async function startOverdue(deps: Deps, log: FastifyBaseLogger) {
  const overdue = await deps.dbh.db.select({ id: strategies.id }).from(strategies)
    .where(and(eq(strategies.status, 'pending'), lt(strategies.sendAt, new Date())));
  for (const s of overdue) {
    log.info({ strategyId: s.id }, 'starting an overdue scheduled send');
    await runScheduledStart(deps, log, s.id);
  }
}
