import type { RawConnection } from '@storecast/db';
import { availableVolume, packAvailable, refuseShortVolume } from './available-volume.ts';

/**
 * Sending volume, spent in three steps inside the caller's transaction (available per pack as
 * `available-volume.ts` counts it):
 * - reserve when a send records its audience: `waiting += n` across the store's packs, earliest
 *   expiry first, never more than a pack's own available amount;
 * - spend per sent mail: `remaining -= k, waiting -= k` plus a consume log per pack;
 * - release what will never be sent (failed, bounced, terminated): `waiting -= k`.
 * Every step locks the pack rows it reads (FOR UPDATE, in expiry order, so concurrent sends
 * queue behind each other instead of deadlocking), so no pack's waiting ever exceeds its
 * remaining and available never drops below zero, however many sends run at once.
 */

interface PackRow { id: string; remaining: number; waiting: number }

/** Reserves `n` mails or refuses with SPEC 8's messages; returns nothing on success. */
export async function reserveVolume(c: RawConnection, shopId: string, n: number): Promise<void> {
  if (n <= 0) return;
  const { rows } = await c.query<PackRow>(
    `select id, remaining, waiting from send_packages
     where shop_id = $1 and expires_at > now() order by expires_at, id for update`,
    [shopId],
  );
  refuseShortVolume(availableVolume(rows), n);
  let need = n;
  const ids: string[] = [];
  const amounts: number[] = [];
  for (const p of rows) {
    const k = Math.min(need, packAvailable(p));
    if (k === 0) continue;
    ids.push(p.id);
    amounts.push(k);
    need -= k;
    if (need === 0) break;
  }
  await c.query(
    `update send_packages p set waiting = p.waiting + v.k
     from unnest($1::uuid[], $2::int[]) v(id, k) where p.id = v.id`,
    [ids, amounts],
  );
}

/** Spends `n` sent mails out of the reservation, with a consume entry per pack touched. */
export async function spendVolume(c: RawConnection, shopId: string, n: number): Promise<void> {
  if (n <= 0) return;
  // Reserved volume first (expired packs too: the reservation was made while they were valid).
  const { rows } = await c.query<PackRow>(
    `select id, remaining, waiting from send_packages where shop_id = $1 and waiting > 0
     order by expires_at, id for update`,
    [shopId],
  );
  let need = n;
  const ids: string[] = [];
  const spent: number[] = [];
  const fromWaiting: number[] = [];
  for (const p of rows) {
    const k = Math.min(need, p.waiting, p.remaining);
    if (k === 0) continue;
    ids.push(p.id);
    spent.push(k);
    fromWaiting.push(k);
    need -= k;
    if (need === 0) break;
  }
  if (need > 0) {
    // Only when mail went out without a reservation (a claim outlived a terminate): spend free
    // volume rather than let a pack go below zero.
    const free = await c.query<PackRow>(
      `select id, remaining, waiting from send_packages where shop_id = $1 and expires_at > now()
       and remaining > waiting order by expires_at, id for update`,
      [shopId],
    );
    for (const p of free.rows) {
      const k = Math.min(need, p.remaining - p.waiting);
      if (k <= 0) continue;
      ids.push(p.id);
      spent.push(k);
      fromWaiting.push(0);
      need -= k;
      if (need === 0) break;
    }
  }
  if (ids.length === 0) return;
  await c.query(
    `update send_packages p set remaining = p.remaining - v.k, waiting = p.waiting - v.w
     from unnest($1::uuid[], $2::int[], $3::int[]) v(id, k, w) where p.id = v.id`,
    [ids, spent, fromWaiting],
  );
  await c.query(
    `insert into send_package_logs (shop_id, package_id, kind, amount)
     select $1::uuid, v.id, 'consume', v.k from unnest($2::uuid[], $3::int[]) v(id, k)`,
    [shopId, ids, spent],
  );
}

/** Gives back `n` reserved mails that will not be sent. */
export async function releaseVolume(c: RawConnection, shopId: string, n: number): Promise<void> {
  if (n <= 0) return;
  const { rows } = await c.query<PackRow>(
    `select id, remaining, waiting from send_packages where shop_id = $1 and waiting > 0
     order by expires_at, id for update`,
    [shopId],
  );
  let left = n;
  const ids: string[] = [];
  const amounts: number[] = [];
  for (const p of rows) {
    const k = Math.min(left, p.waiting);
    ids.push(p.id);
    amounts.push(k);
    left -= k;
    if (left === 0) break;
  }
  if (ids.length === 0) return;
  await c.query(
    `update send_packages p set waiting = p.waiting - v.k from unnest($1::uuid[], $2::int[]) v(id, k) where p.id = v.id`,
    [ids, amounts],
  );
}
