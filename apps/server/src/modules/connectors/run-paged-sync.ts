import { type ConnectedPlatform, PLATFORM_SYNC_STAGES, type PlatformSyncStage } from '@storecast/contract';
import { platformConnections, platformSyncs, shopScope, shops } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { appSecret } from '../delivery/index.ts';
import type { BatchRecord } from '../ingest/index.ts';
import type { TokenSource } from './call-platform-api.ts';
import { platformCredential } from './refresh-platform-token.ts';
import { openSecret } from './seal-secret.ts';
import { keepStatsFresh, writeSyncChunk } from './write-sync-chunk.ts';

type Json = Record<string, unknown>;
type SyncRow = typeof platformSyncs.$inferSelect;
/** What a paged sync takes of the first sync's options (declared here: the first sync imports this file). */
export interface PagedSyncOptions { ordersSince?: () => Date; stopping?: () => boolean }

/** One platform's side of a paged first sync: how a page is read and how its records map. */
export interface PagedPlatform {
  platform: Exclude<ConnectedPlatform, 'shopify'>;
  /**
   * One page of a stage's list: the first without a cursor (orders created since `since`), the
   * next by the cursor the last page gave; `next` is null after the last page.
   */
  readPage(
    deps: Deps, shopDomain: string, token: TokenSource, stage: PlatformSyncStage, cursor: string | null, since: Date,
  ): Promise<{ records: Json[]; next: string | null }>;
  /** A record as the ingestion API's item (the webhooks' mapping), or null when it is not synced (an unpaid order). */
  itemOf(stage: PlatformSyncStage, record: Json, currency: string): Json | null;
  /** Whether an error is the platform refusing the token. */
  refused(e: unknown): boolean;
}

class LostLease extends Error {}

/**
 * A Shoplazza or Shopline store's first sync, the same stages and `platform_syncs` row as
 * Shopify's: each list is read page by page through the platform's reader and each page written
 * with the webhooks' mapping in one short transaction (write-sync-chunk.ts). After each page the
 * row keeps the next page's cursor (in `bulk_operation_id`) and the records written, so a worker
 * that dies resumes at the page after the last one written.
 */
export async function runPagedSync(deps: Deps, claimed: SyncRow, opts: PagedSyncOptions, p: PagedPlatform): Promise<'done' | 'failed' | 'stopped'> {
  const db = deps.dbh.db;
  const key = and(eq(platformSyncs.shopId, claimed.shopId), eq(platformSyncs.platform, p.platform));
  let lastBeat = claimed.updatedAt;
  /** Writes the row's progress with a new heartbeat; throws LostLease when another worker took it. */
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
    .where(and(eq(platformConnections.shopId, claimed.shopId), eq(platformConnections.platform, p.platform)));
  const [shop] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, claimed.shopId));
  if (!link || !link.sealedToken || !shop) return fail('errors.platformSync.failed');
  if (link.status !== 'authorized') return fail('errors.platformSync.unauthorized');
  try {
    openSecret(await appSecret(deps.config, deps.dbh), link.sealedToken, `${claimed.shopId}:${p.platform}`);
  } catch {
    return fail('errors.platformSync.unauthorized');
  }
  // The refreshing credential: a token about to expire, or refused once, is renewed on the way.
  let token: TokenSource;
  try {
    token = (await platformCredential(deps, claimed.shopId, p.platform)).credential;
  } catch (e) {
    if (p.refused(e)) return fail('errors.platformSync.unauthorized');
    throw e;
  }
  const scope = shopScope(claimed.shopId);
  const since = opts.ordersSince?.() ?? new Date(Date.now() - 365 * 86_400_000);
  let stage = claimed.stage as PlatformSyncStage;
  let cursor = claimed.bulkOperationId;
  let offset = claimed.stageOffset;
  let done = claimed.rowsDone;
  let totals = { ...claimed.stageTotals };
  try {
    for (;;) {
      if (opts.stopping?.()) return 'stopped';
      // A stage starts without a cursor; a resumed one at the page after the last written.
      const page = await p.readPage(deps, link.shopDomain, token, stage, cursor, since);
      const records: BatchRecord[] = [];
      for (const r of page.records) {
        const item = p.itemOf(stage, r, shop.currency);
        if (item) records.push({ item, platformUpdatedAt: typeof r.updated_at === 'string' ? r.updated_at : null });
      }
      await writeSyncChunk(db, scope, stage, records);
      await keepStatsFresh(db, stage, offset, offset + page.records.length);
      offset += page.records.length;
      done += page.records.length;
      if (page.next) {
        cursor = page.next;
        await beat({ stage, bulkOperationId: cursor, stageOffset: offset, rowsDone: done });
        continue;
      }
      totals = { ...totals, [stage]: offset };
      const next = PLATFORM_SYNC_STAGES[PLATFORM_SYNC_STAGES.indexOf(stage) + 1];
      if (!next) {
        await beat({ status: 'done', finishedAt: new Date(), stageTotals: totals, rowsDone: done, bulkOperationId: null });
        return 'done';
      }
      [stage, cursor, offset] = [next, null, 0];
      await beat({ stage, bulkOperationId: null, stageOffset: 0, rowsDone: done, stageTotals: totals });
    }
  } catch (e) {
    if (e instanceof LostLease) return 'stopped';
    if (p.refused(e)) return fail('errors.platformSync.unauthorized');
    throw e;
  }
}
