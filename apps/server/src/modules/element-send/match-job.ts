import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { declareMatchQueue, MATCH_QUEUE, queueSlots, type SlotJob } from './match-queue.ts';
import { runMatchSlot } from './run-match-slot.ts';

/** Products matched at once by one worker: the scoring query is one CPU's work, and a worker has two. */
const SLOTS_AT_ONCE = 2;

/**
 * Matches an Element Send's products to their shoppers (run-match-slot.ts), one job per slot,
 * two at a time. On worker start, slots left unfinished are picked up again:
 * - pending, querying or calculating with no live job of their attempt in the queue (the job was
 *   lost, or the request that restarted them ended before queueing): queued again, same attempt;
 * - querying or calculating for longer than a run can last (started_at older than twice the
 *   per-query time-out plus a minute, at least three minutes: a live PostgreSQL run has been cut
 *   off by then) although a job is live: that job belongs to a worker that died and the queue
 *   would only retry it when it expires (ten minutes), so the slot restarts at once with a new
 *   attempt, and the old job, should it run, writes nothing.
 */
export const elementMatchJob: Job = {
  name: MATCH_QUEUE,
  async start(deps, log) {
    await declareMatchQueue(deps);
    for (let i = 0; i < SLOTS_AT_ONCE; i++) {
      await deps.jobs.work<SlotJob>(MATCH_QUEUE, (job) =>
        runMatchSlot(deps, job.data, { lastTry: job.retryCount >= job.retryLimit }));
    }
    await requeueUnfinished(deps, log);
    return async () => {};
  },
};

export async function requeueUnfinished(deps: Deps, log: FastifyBaseLogger) {
  const live = new Set((await deps.jobs.liveJobData(MATCH_QUEUE)).map((d) => `${d.strategyId}:${d.slot}:${d.attempt}`));
  const staleMs = Math.max(180_000, 2 * deps.config.elementQueryTimeoutMs + 60_000);
  const { rows } = await deps.dbh.query<{ strategy_id: string; slot: number; attempt: number; stale: boolean }>(
    `select strategy_id, slot, attempt,
       (status in ('querying', 'calculating') and started_at < now() - $1 * interval '1 millisecond') as stale
     from strategy_elements where status in ('pending', 'querying', 'calculating')`,
    [staleMs],
  );
  const jobs: SlotJob[] = [];
  for (const r of rows) {
    const job = { strategyId: r.strategy_id, slot: Number(r.slot), attempt: Number(r.attempt) };
    if (r.stale) {
      const { rows: bumped } = await deps.dbh.query<{ attempt: number }>(
        `update strategy_elements set attempt = attempt + 1, status = 'pending', started_at = null
         where strategy_id = $1 and slot = $2 and attempt = $3 returning attempt`,
        [job.strategyId, job.slot, job.attempt],
      );
      if (bumped[0]) jobs.push({ ...job, attempt: Number(bumped[0].attempt) });
    } else if (!live.has(`${job.strategyId}:${job.slot}:${job.attempt}`)) jobs.push(job);
  }
  if (jobs.length > 0) log.info({ slots: jobs.length }, 'element matching: picking up unfinished products');
  await queueSlots(deps, jobs);
}
