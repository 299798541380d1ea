import { platformConnections } from '@storecast/db';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { startPollingLoop } from '../../worker/polling-loop.ts';
import { platformCredential, REFRESH_MARGIN_MS } from './refresh-platform-token.ts';

/** A pass a minute: a token is refreshed within the last REFRESH_MARGIN_MS of its life, well before it lapses. */
const POLL_MS = 60_000;
const PASS_LIMIT = 50;

/**
 * Refreshes the Shoplazza and Shopline tokens about to expire, so a store nobody calls for a
 * while (no sync, no coupon, no admin page) keeps a working token and refresh token. A refused
 * refresh marks the store not authorised, as any call would. Returns how many links it tried.
 */
export async function refreshExpiringTokens(deps: Deps, limit = PASS_LIMIT): Promise<number> {
  const due = await deps.dbh.db.select({ shopId: platformConnections.shopId, platform: platformConnections.platform })
    .from(platformConnections)
    .where(and(
      inArray(platformConnections.platform, ['shoplazza', 'shopline']), eq(platformConnections.status, 'authorized'),
      isNotNull(platformConnections.tokenExpiresAt), lt(platformConnections.tokenExpiresAt, new Date(Date.now() + REFRESH_MARGIN_MS)),
    ))
    .orderBy(platformConnections.tokenExpiresAt)
    .limit(limit);
  for (const link of due) {
    const platform = link.platform === 'shoplazza' ? 'shoplazza' : 'shopline';
    try {
      const { credential } = await platformCredential(deps, link.shopId, platform);
      await credential.current();
    } catch {
      // Refused: the credential marked the link. Down: the next pass tries again.
    }
  }
  return due.length;
}

/** Keeps Shoplazza's and Shopline's expiring tokens fresh (`platform_connections.token_expires_at`). */
export const tokenRefreshJob: Job = {
  name: 'platform-token-refresh',
  async start(deps, log) {
    return startPollingLoop({
      // Never straight again: a platform that is down would keep the same links due.
      pass: async () => {
        await refreshExpiringTokens(deps);
      },
      periodMs: POLL_MS,
      what: 'refreshing platform tokens',
    }, log);
  },
};
