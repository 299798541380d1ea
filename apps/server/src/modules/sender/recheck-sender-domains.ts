import { senderDomains, shopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { completeDomainVerification } from './verify-sender-domain.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TICK_MS = 60 * 60 * 1000;
const BATCH = 50;

/**
 * Looks the records of domains last checked more than `olderThanMs` ago up again, so a domain
 * whose DKIM key or CNAME was removed from DNS stops counting as verified (its mail would fail
 * DKIM). Each domain is claimed by moving its check time first (SKIP LOCKED), so several
 * workers share the work without checking a domain twice. Returns how many were checked.
 */
export async function recheckSenderDomains(deps: Deps, olderThanMs = DAY_MS): Promise<number> {
  const claimed = await deps.dbh.db
    .update(senderDomains)
    .set({ checkedAt: sql`now()` })
    .where(sql`${senderDomains.id} in (
      select id from sender_domains
      where checked_at is not null and checked_at < now() - ${`${Math.round(olderThanMs / 1000)} seconds`}::interval
      order by checked_at limit ${BATCH} for update skip locked)`)
    .returning({ shopId: senderDomains.shopId });
  for (const { shopId } of claimed) {
    // A sender edited off the homepage domain in between refuses the check; nothing to update then.
    await completeDomainVerification(deps, shopScope(shopId)).catch(() => false);
  }
  return claimed.length;
}

/** Re-checks stale sender domains once an hour in the worker. */
export const senderDnsJob: Job = {
  name: 'sender-dns-recheck',
  async start(deps, log) {
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = recheckSenderDomains(deps).catch((err) => log.error({ err }, 'sender DNS re-check failed'));
    };
    const timer = setInterval(tick, TICK_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
};
