import type { DbHandle } from '@storecast/db';
import { AppError } from '../../http/app-error.ts';
import { releaseVolume } from '../billing/sending-volume.ts';

/**
 * Ends a pending or sending strategy as `terminated` (the owner's choice) or `exception` (the
 * worker could not go on, with a message key). Deliveries not yet handed to a worker are
 * cancelled and their reserved volume released in the same transaction; a batch in flight
 * finishes and is recorded (and paid) by its worker, which cancels its retries.
 */
export async function stopStrategy(
  dbh: DbHandle,
  shopId: string,
  strategyId: string,
  to: { status: 'terminated' } | { status: 'exception'; failure: string },
): Promise<void> {
  await dbh.transaction(async (c) => {
    const lock = await c.query<{ status: string }>(
      `select status from strategies where id = $1 and shop_id = $2 for update`, [strategyId, shopId]);
    const status = lock.rows[0]?.status;
    if (!status) throw new AppError('errors.strategy.notFound', 404);
    if (status !== 'pending' && status !== 'sending') throw new AppError('errors.strategy.notTerminable', 409);
    await c.query(
      `update strategies set status = $2, failure = $3, finished_at = now(), updated_at = now() where id = $1`,
      [strategyId, to.status, to.status === 'exception' ? to.failure : null],
    );
    const n = await cancelIdle(c, strategyId);
    await releaseVolume(c, shopId, n);
  });
}

/** Cancels deliveries no live worker holds: queued ones, and claims whose lease ended. */
async function cancelIdle(c: { query: DbHandle['query'] }, strategyId: string): Promise<number> {
  const r = await c.query(
    `update deliveries set status = 'cancelled', lease_until = null
     where strategy_id = $1 and (status = 'queued' or (status = 'sending' and lease_until < now()))`,
    [strategyId],
  );
  return r.rowCount;
}

/**
 * Claims left behind by a dead worker on strategies that stopped meanwhile: nobody will claim
 * them again, so they are cancelled and their volume released. Run when a worker starts.
 */
export async function sweepStoppedClaims(dbh: DbHandle): Promise<void> {
  const { rows } = await dbh.query<{ id: string; shop_id: string }>(
    `select distinct s.id, s.shop_id from strategies s join deliveries d on d.strategy_id = s.id
     where s.status in ('terminated', 'exception', 'completed') and d.status = 'sending' and d.lease_until < now()`,
  );
  for (const s of rows) {
    await dbh.transaction(async (c) => {
      await c.query(`select 1 from strategies where id = $1 for update`, [s.id]);
      await releaseVolume(c, s.shop_id, await cancelIdle(c, s.id));
    });
  }
}
