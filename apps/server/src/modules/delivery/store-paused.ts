import type { DbHandle } from '@storecast/db';

/**
 * Sending pauses for a store that is not authorised on its platform (`shops.install_status` 0:
 * the app uninstalled or its access revoked; the connectors set it, an install or reauthorisation
 * sets it back to 1). A send in progress stops claiming batches (a batch already in flight
 * finishes and is recorded), its deliveries stay queued with their volume held, and its deliver
 * job looks again every minute, so the send goes on by itself once the store is authorised again.
 */
export const PAUSED_RECHECK_MS = 60_000;

/**
 * SQL that is true while the store named by a uuid parameter may send. It sits inside the
 * claim, so a claim that starts after the uninstall committed sees it.
 */
export const storeMaySendSql = (shopParam: string) =>
  `exists (select 1 from shops sh where sh.id = ${shopParam}::uuid and sh.install_status = 1)`;

export async function isStoreSendingPaused(dbh: DbHandle, shopId: string): Promise<boolean> {
  const { rows } = await dbh.query<{ paused: boolean }>(`select not (${storeMaySendSql('$1')}) as paused`, [shopId]);
  return rows[0]?.paused ?? false;
}
