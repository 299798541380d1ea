import { platformConnections, platformSyncs, shops } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { appSecret } from '../delivery/index.ts';
import { openSecret } from './seal-secret.ts';

type SyncRow = typeof platformSyncs.$inferSelect;

/** Another worker took the sync (or the worker is shutting down): this run stops where it is. */
export class LostLease extends Error {}

export interface SyncRun {
  /** Writes the row's progress with a new heartbeat; throws LostLease when another worker took it. */
  beat(set?: Partial<SyncRow>): Promise<void>;
  /** Marks the sync failed with a message key, unless another worker has taken it meanwhile. */
  fail(error: string): Promise<'failed'>;
  link: typeof platformConnections.$inferSelect;
  shop: { currency: string };
  /** The store's access token, opened. */
  token: string;
}

/**
 * What every platform's first sync starts with: the heartbeat on its claimed row (written from
 * this process's clock, so the next beat finds the row as this worker left it, or knows it was
 * taken), the store's link and currency, and its token. A link that is gone, revoked or
 * uninstalled, or a token that no longer opens, fails the sync ('failed' answered) until the owner
 * authorises the app again, which queues it anew.
 */
export async function beginSyncRun(deps: Deps, claimed: SyncRow): Promise<SyncRun | 'failed'> {
  const db = deps.dbh.db;
  const key = and(eq(platformSyncs.shopId, claimed.shopId), eq(platformSyncs.platform, claimed.platform));
  let lastBeat = claimed.updatedAt;
  const beat = async (set: Partial<SyncRow> = {}) => {
    const now = new Date(Math.max(Date.now(), lastBeat.getTime() + 1));
    const rows = await db.update(platformSyncs).set({ ...set, updatedAt: now })
      .where(and(key, eq(platformSyncs.status, 'running'), eq(platformSyncs.updatedAt, lastBeat))).returning({ at: platformSyncs.updatedAt });
    if (!rows.length) throw new LostLease();
    lastBeat = now;
  };
  const fail = async (error: string) => {
    await db.update(platformSyncs).set({ status: 'failed', error, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(key, eq(platformSyncs.updatedAt, lastBeat)));
    return 'failed' as const;
  };
  const [link] = await db.select().from(platformConnections)
    .where(and(eq(platformConnections.shopId, claimed.shopId), eq(platformConnections.platform, claimed.platform)));
  const [shop] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, claimed.shopId));
  if (!link || !link.sealedToken || !shop) return fail('errors.platformSync.failed');
  if (link.status !== 'authorized') return fail('errors.platformSync.unauthorized');
  try {
    const token = openSecret(await appSecret(deps.config, deps.dbh), link.sealedToken, `${claimed.shopId}:${claimed.platform}`);
    return { beat, fail, link, shop, token };
  } catch {
    return fail('errors.platformSync.unauthorized');
  }
}
