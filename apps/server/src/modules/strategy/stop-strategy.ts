import type { DbHandle } from '@storecast/db';
import { AppError } from '../../http/app-error.ts';
import { releaseVolume } from '../billing/index.ts';
import { cancelIdleDeliveries } from '../delivery/index.ts';

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
    const n = await cancelIdleDeliveries(c, strategyId);
    await releaseVolume(c, shopId, n);
  });
}
