import { type Db, sendPackages, type ShopScope } from '@storecast/db';
import { gt } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';

interface Pack { remaining: number; waiting: number }

/**
 * SPEC 9: a pack can still send what it has left minus what sends have reserved. A pack never
 * counts below zero, so one pack's over-reservation (a repaired record, a hand edit) does not
 * eat another pack's volume: the header, the plan page and a send's refusal all count the same.
 */
export const packAvailable = (p: Pack) => Math.max(0, p.remaining - p.waiting);

/** The store's available volume over the packs given (the ones that have not expired). */
export const availableVolume = (packs: readonly Pack[]) => packs.reduce((sum, p) => sum + packAvailable(p), 0);

/** SPEC 8's refusals for a send of `n` mails when fewer are available; `data.available` says how many are. */
export function refuseShortVolume(available: number, n: number) {
  if (available <= 0) throw new AppError('errors.volume.noPack', 400, undefined, {}, { available: 0 });
  if (available < n) throw new AppError('errors.volume.short', 400, undefined, { num: available }, { available });
}

/** Checks, without reserving, that the store could send `n` mails now (a scheduled send's early check). */
export async function checkAvailableVolume(db: Db, scope: ShopScope, n: number) {
  const packs = await db.select({ remaining: sendPackages.remaining, waiting: sendPackages.waiting }).from(sendPackages)
    .where(scope.where(sendPackages, gt(sendPackages.expiresAt, new Date())));
  refuseShortVolume(availableVolume(packs), n);
}
