import type { DbHandle } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { isBlockedSql } from '../catalogue/index.ts';
import { assignIfComplete } from './assign-matches.ts';
import type { SlotJob } from './match-queue.ts';
import { loadSiblingRefs, scoreCandidates } from './score-candidates.ts';

/** The slot was restarted (retry, change) after this job was queued: its results belong to nobody. */
class Overtaken extends Error {}

/** PostgreSQL's query_canceled: statement_timeout fired. */
const isTimeout = (err: unknown) => (err as { code?: string } | null)?.code === '57014';

/**
 * One product of an Element Send, one attempt: querying (the product and its collection; a
 * product archived or deleted since it was chosen fails the slot with productGone), calculating
 * (the shoppers scored into element_candidates under the per-query time-out, on PostgreSQL), done.
 * Every write names the attempt it belongs to, so a job overtaken by a retry or a change writes
 * nothing. The scores of the slot are replaced in the transaction that marks it done, and the
 * last slot to finish assigns the shoppers (assign-matches.ts) in that same transaction.
 *
 * PGlite runs without the time-out: it executes a query to its end on the one thread and
 * cannot cancel it.
 */
export async function runMatchSlot(deps: Deps, job: SlotJob, opts: { lastTry: boolean } = { lastTry: true }) {
  const { dbh } = deps;
  const key = [job.strategyId, job.slot, job.attempt];
  const started = await dbh.query<{ shop_id: string; product_id: number | null }>(
    `update strategy_elements set status = 'querying', started_at = now(), finished_at = null, failure = null, candidates = 0
     where strategy_id = $1 and slot = $2 and attempt = $3 and status in ('pending', 'querying', 'calculating')
     returning shop_id, product_id`,
    key,
  );
  const row = started.rows[0];
  if (!row) return;
  try {
    const productId = row.product_id === null ? null : Number(row.product_id);
    type Found = { external_id: string; collection: string | null; status: string; blocked: boolean };
    const { rows: found } = productId === null ? { rows: [] } : await dbh.query<Found>(
      `select p.external_id, p.collection, p.status, ${isBlockedSql('p')} as blocked from products p where p.id = $1 and p.shop_id = $2`, [productId, row.shop_id],
    );
    const product = found[0];
    if (!product || product.status === 'archived' || productId === null) return await failSlot(dbh, job, 'errors.element.productGone');
    // Blocked since it was chosen: its shoppers are not scored, and the owner is asked to change it.
    if (product.blocked) return await failSlot(dbh, job, 'errors.element.slotBlocked');
    const siblingRefs = await loadSiblingRefs(dbh, row.shop_id, productId, product.collection);
    const calculating = await dbh.query(
      `update strategy_elements set status = 'calculating' where strategy_id = $1 and slot = $2 and attempt = $3 and status = 'querying'`, key,
    );
    if (calculating.rowCount === 0) return;
    await dbh.transaction(async (c) => {
      if (dbh.kind === 'postgres') {
        await c.query(`select set_config('statement_timeout', $1, true)`, [String(deps.config.elementQueryTimeoutMs)]);
        // A popular product's shoppers (100,000 and more) are summed in one hash: kept in memory
        // rather than spilled to disk in batches at the default 4 MB.
        await c.query(`select set_config('work_mem', '64MB', true)`);
      }
      await c.query(`delete from element_candidates where strategy_id = $1 and slot = $2`, [job.strategyId, job.slot]);
      const n = await scoreCandidates(c, {
        strategyId: job.strategyId, shopId: row.shop_id, slot: job.slot, productRef: product.external_id, siblingRefs,
      });
      if (dbh.kind === 'postgres') await c.query(`select set_config('statement_timeout', '0', true)`);
      // The strategy's row first, as the routes that restart slots do: completions of one
      // strategy take turns, and the last one sees the others done.
      await c.query(`select 1 from strategies where id = $1 for no key update`, [job.strategyId]);
      const done = await c.query(
        `update strategy_elements set status = 'done', candidates = $4, finished_at = clock_timestamp()
         where strategy_id = $1 and slot = $2 and attempt = $3 and status = 'calculating'`,
        [...key, n],
      );
      if (done.rowCount === 0) throw new Overtaken();
      await assignIfComplete(c, job.strategyId);
    });
  } catch (err) {
    if (err instanceof Overtaken) return;
    if (isTimeout(err)) return await failSlot(dbh, job, 'errors.element.queryTimeout');
    // An unexpected error (a dropped connection): the queue retries; the last try leaves a reason.
    if (opts.lastTry) await failSlot(dbh, job, 'errors.common.internal').catch(() => {});
    throw err;
  }
}

async function failSlot(dbh: DbHandle, job: SlotJob, reason: string) {
  await dbh.query(
    `update strategy_elements set status = 'failed', failure = $4, finished_at = clock_timestamp()
     where strategy_id = $1 and slot = $2 and attempt = $3 and status in ('pending', 'querying', 'calculating')`,
    [job.strategyId, job.slot, job.attempt, reason],
  );
}
