import type { Deps } from '../../../deps.ts';
import { expirePackBatch } from './expire-packs.ts';
import { notifyEndedMemberships } from './notify-membership-ended.ts';

const BATCH = 200;

/**
 * One full pass of the expiry job at `now`: writes off every expired pack and mails every owner
 * whose membership term ended, batch after batch until none is left. Safe to run again or from
 * several workers: a second pass finds nothing to do.
 */
export async function runExpiry(deps: Deps, now = new Date()): Promise<{ packs: number; memberships: number }> {
  const drain = async (batch: () => Promise<number>) => {
    let total = 0;
    let n: number;
    do {
      n = await batch();
      total += n;
    } while (n === BATCH);
    return total;
  };
  const packs = await drain(() => expirePackBatch(deps.dbh, now, BATCH));
  const memberships = await drain(() => notifyEndedMemberships(deps, now, BATCH));
  return { packs, memberships };
}
