import { type ConnectedPlatform, PLATFORM_SYNC_STAGES, type PlatformSyncStage } from '@storecast/contract';
import { type platformSyncs, shopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import type { BatchRecord, PlatformConsent } from '../ingest/index.ts';
import { beginSyncRun, LostLease } from './begin-sync-run.ts';
import { PlatformScopeRefused, type TokenSource } from './call-platform-api.ts';
import { platformCredential } from './refresh-platform-token.ts';
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
  /** A customer record's consent, as the webhooks read it. */
  consentOf(customer: Json): PlatformConsent;
  /** Whether an error is the platform refusing the token. */
  refused(e: unknown): boolean;
}

/**
 * A Shoplazza or Shopline store's first sync, the same stages and `platform_syncs` row as
 * Shopify's: each list is read page by page through the platform's reader and each page written
 * with the webhooks' mapping in one short transaction (write-sync-chunk.ts). After each page the
 * row keeps the next page's cursor (in `bulk_operation_id`) and the records written, so a worker
 * that dies resumes at the page after the last one written.
 */
export async function runPagedSync(deps: Deps, claimed: SyncRow, opts: PagedSyncOptions, p: PagedPlatform): Promise<'done' | 'failed' | 'stopped'> {
  const db = deps.dbh.db;
  const run = await beginSyncRun(deps, claimed);
  if (run === 'failed') return 'failed';
  const { beat, fail, link, shop } = run;
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
        if (!item) continue;
        records.push({
          item, platformUpdatedAt: typeof r.updated_at === 'string' ? r.updated_at : null,
          ...(stage === 'customers' ? { consent: p.consentOf(r) } : {}),
        });
      }
      await writeSyncChunk(db, scope, stage, records, p.platform);
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
    // The token works but lacks a scope: the sync says so, the link stays authorised.
    if (e instanceof PlatformScopeRefused) return fail('errors.platformSync.scopeMissing');
    throw e;
  }
}
