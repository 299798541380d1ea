import type { DbHandle } from '@storecast/db';
import { releaseVolume } from '../billing/index.ts';
import type { DeliverySource } from './delivery-source.ts';
import { cancelIdleDeliveries } from './manage-recipients.ts';

/**
 * Claims left behind by a dead worker on sends that ended meanwhile: nobody will claim them
 * again, so they are cancelled and their volume released. Run when a worker starts. The update
 * re-reads each row under its lock, so a stop running at the same moment cancels a row once.
 */
export async function sweepStoppedClaims(dbh: DbHandle, source: DeliverySource): Promise<void> {
  const { rows } = await dbh.query<{ send_id: string; shop_id: string }>(
    `select distinct d.strategy_id as send_id, d.shop_id from deliveries d
     where d.status = 'sending' and d.lease_until < now() and ${source.sql.hasEnded('d.strategy_id')}`,
  );
  for (const s of rows) {
    await dbh.transaction(async (c) => {
      await releaseVolume(c, s.shop_id, await cancelIdleDeliveries(c, s.send_id));
    });
  }
}
