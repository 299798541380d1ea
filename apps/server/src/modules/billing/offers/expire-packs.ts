import type { DbHandle } from '@storecast/db';

/**
 * Writes off one batch of packs whose validity ended: an `expire` ledger row with what was left
 * (when anything was), remaining set to zero and `expired_at` stamped, all in one transaction, so
 * a pack is written off once however many workers run. A pack with mail still waiting to go out
 * is left alone until its sends finish (`sending-volume.ts` spends from it after expiry). The
 * rows are locked (`skip locked`: another worker takes other packs), and `waiting = 0` is checked
 * again under the lock, so a send cannot slip in between. Returns how many packs it handled.
 */
export async function expirePackBatch(dbh: DbHandle, now: Date, batchSize: number): Promise<number> {
  return dbh.transaction(async (c) => {
    const { rows } = await c.query<{ id: string; shop_id: string; remaining: number }>(
      `select id, shop_id, remaining from send_packages
       where expired_at is null and expires_at <= $1 and waiting = 0
       order by expires_at, id limit $2 for update skip locked`,
      [now, batchSize],
    );
    if (rows.length === 0) return 0;
    const left = rows.filter((p) => p.remaining > 0);
    if (left.length > 0) {
      await c.query(
        `insert into send_package_logs (shop_id, package_id, kind, amount)
         select v.shop_id, v.id, 'expire', v.amount from unnest($1::uuid[], $2::uuid[], $3::int[]) v(id, shop_id, amount)`,
        [left.map((p) => p.id), left.map((p) => p.shop_id), left.map((p) => p.remaining)],
      );
    }
    await c.query('update send_packages set remaining = 0, expired_at = $2 where id = any($1::uuid[])', [rows.map((p) => p.id), now]);
    return rows.length;
  });
}
