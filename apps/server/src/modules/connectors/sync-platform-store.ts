import { availableParallelism } from 'node:os';
import { type ConnectedPlatform, findCurrency, PLATFORM_SYNC_STAGES, type PlatformSyncStage } from '@storecast/contract';
import { platformSyncs, shopScope, type Db } from '@storecast/db';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { beginSyncRun, LostLease } from './begin-sync-run.ts';
import { PlatformScopeRefused } from './call-platform-api.ts';
import { mapShopifyCustomer, mapShopifyOrder, mapShopifyProduct, shopifyBulkConsent, shopifyBulkQuery } from './map-shopify-bulk.ts';
import { type BulkGroup, readBulkGroups, runBulkQuery, shopifyAdmin, ShopifyUnauthorizedError } from './run-bulk-query.ts';
import { runShoplazzaSync } from './sync-shoplazza.ts';
import { runShoplineSync } from './sync-shopline.ts';
import { keepStatsFresh, writeSyncChunk } from './write-sync-chunk.ts';

export interface SyncOptions {
  /** A running sync whose heartbeat is older than this is taken over by another worker. */
  leaseMs: number;
  /** Pause between polls of a running bulk operation. */
  pollMs: number;
  /** Orders created from this moment on are synced (default: twelve months back). */
  ordersSince?: () => Date;
  /** Asked between batches: true stops the sync where it is (worker shutting down). */
  stopping?: () => boolean;
  /** Writer calls run side by side on PostgreSQL (default `defaultLanes()`); PGlite has one connection, so 1. */
  concurrency?: number;
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = { leaseMs: 60_000, pollMs: 1000 };

/** Root records written per call of an ingestion writer (their batch limits). */
const BATCH: Record<PlatformSyncStage, number> = { customers: 1000, products: 500, orders: 1000 };
/**
 * On the embedded database every other request waits for a batch's transaction: 1,000 orders
 * held it 0.4 to 0.8 s, 250 about 0.2 s.
 */
const PGLITE_BATCH = 250;

/**
 * A slice's statements keep a core of the database busy, and the next batch is read and mapped
 * meanwhile: more slices than the cores left over only make them take turns, while the API's
 * requests wait behind them (on two cores one slice wrote as many records a second as four, with
 * the admin's p99 at 150 ms instead of 260). Up to four where there are cores for them.
 */
const defaultLanes = () => Math.max(1, Math.min(4, availableParallelism() - 1));

type SyncRow = typeof platformSyncs.$inferSelect;

/** Records that a store's first sync should run (again, if it failed); a finished one stays finished. */
export async function queueFirstSync(db: Db, shopId: string, platform: ConnectedPlatform) {
  await db.insert(platformSyncs).values({ shopId, platform, status: 'queued', updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [platformSyncs.shopId, platformSyncs.platform],
      set: { status: 'queued', error: null, finishedAt: null, updatedAt: new Date() },
      setWhere: eq(platformSyncs.status, 'failed'),
    });
}

/**
 * Takes a sync to run: queued, or running with a heartbeat older than the lease (its worker
 * died). The heartbeat is written from this process's clock, so the next beat can check that
 * the row is still this worker's (see `beat`).
 */
export async function claimSyncs(db: Db, leaseMs: number, only: { shopId: string; platform: string }): Promise<SyncRow[]> {
  const now = new Date();
  return db.update(platformSyncs)
    .set({ status: 'running', updatedAt: now, startedAt: sql`coalesce(${platformSyncs.startedAt}, now())` })
    .where(and(eq(platformSyncs.shopId, only.shopId), eq(platformSyncs.platform, only.platform), claimable(now, leaseMs)))
    .returning();
}

const claimable = (now: Date, leaseMs: number) =>
  or(eq(platformSyncs.status, 'queued'), and(eq(platformSyncs.status, 'running'), lt(platformSyncs.updatedAt, new Date(now.getTime() - leaseMs))));

/** Syncs a worker could take now; each is claimed on its own just before it runs, so none waits claimed. */
export async function claimableSyncs(db: Db, leaseMs: number): Promise<{ shopId: string; platform: string }[]> {
  return db.select({ shopId: platformSyncs.shopId, platform: platformSyncs.platform }).from(platformSyncs)
    .where(claimable(new Date(), leaseMs)).orderBy(platformSyncs.updatedAt);
}

/**
 * Runs one claimed sync to its end, stage by stage (customers, products, orders): a bulk query
 * per stage, its file read as a stream and written through the ingestion writers a batch at a
 * time. After each batch the row records how many root records of the stage are written, so a
 * worker that dies resumes after the last batch written (a batch cut short is written again,
 * which the writers' upserts by the platform's ids make harmless).
 */
export async function runClaimedSync(deps: Deps, claimed: SyncRow, opts: SyncOptions): Promise<'done' | 'failed' | 'stopped'> {
  // Shoplazza pages its REST lists instead (sync-shoplazza.ts), into the same row and writers.
  if (claimed.platform === 'shoplazza') return runShoplazzaSync(deps, claimed, opts);
  // Shopline's too, by the Link header's page_info (sync-shopline.ts).
  if (claimed.platform === 'shopline') return runShoplineSync(deps, claimed, opts);
  const db = deps.dbh.db;
  const run = await beginSyncRun(deps, claimed);
  if (run === 'failed') return 'failed';
  const { beat, fail, link, shop, token } = run;
  if (claimed.platform !== 'shopify') return fail('errors.platformSync.failed');
  const app = deps.config.platformApps.shopify;
  const sleep = async (ms: number) => {
    await beat();
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
  const admin = shopifyAdmin({ shop: link.shopDomain, accessToken: token, apiKey: app?.apiKey, apiSecret: app?.apiSecret, sleep });
  const decimals = findCurrency(shop.currency)?.decimals ?? 2;
  const scope = shopScope(claimed.shopId);
  const ordersSince = opts.ordersSince?.() ?? new Date(Date.now() - 365 * 86_400_000);
  const lanes = deps.dbh.kind === 'pglite' ? 1 : Math.max(1, opts.concurrency ?? defaultLanes());

  let row = {
    stage: claimed.stage as PlatformSyncStage, offset: claimed.stageOffset, op: claimed.bulkOperationId,
    done: claimed.rowsDone, totals: { ...claimed.stageTotals },
  };
  try {
    for (const stage of PLATFORM_SYNC_STAGES.slice(Math.max(0, PLATFORM_SYNC_STAGES.indexOf(row.stage)))) {
      if (stage !== row.stage) row = { ...row, stage, offset: 0, op: null };
      const op = await runBulkQuery(admin, shopifyBulkQuery(stage, ordersSince), {
        known: row.op, pollMs: opts.pollMs, sleep,
        onStarted: async (id) => {
          if (id !== row.op) row = { ...row, op: id };
          await beat({ stage, bulkOperationId: id, stageOffset: row.offset });
        },
      });
      row.totals = { ...row.totals, [stage]: Number(op.rootObjectCount) || 0 };
      await beat({ stage, bulkOperationId: op.id, stageTotals: row.totals });
      if (op.url) {
        let seen = 0;
        let batch: BulkGroup[] = [];
        // One batch is written while the next is read and mapped, so the database and this
        // process work at the same time; the row records a batch only once it is written.
        let writing: Promise<void> = Promise.resolve();
        const flush = async () => {
          await writing;
          if (opts.stopping?.()) throw new LostLease();
          const chunk = batch;
          batch = [];
          writing = (async () => {
            await writeBatch(db, scope, stage, chunk, { currency: shop.currency, storefrontUrl: `https://${link.shopDomain}`, decimals }, lanes);
            await keepStatsFresh(db, stage, row.offset, row.offset + chunk.length);
            row.offset += chunk.length;
            row.done += chunk.length;
            await beat({ stageOffset: row.offset, rowsDone: row.done });
          })();
          // Its failure is thrown where it is awaited, not reported as unhandled meanwhile.
          writing.catch(() => {});
        };
        try {
          for await (const group of readBulkGroups(op.url)) {
            // Root records written before a crash are skipped, not written twice.
            if (seen++ < row.offset) continue;
            batch.push(group);
            if (batch.length >= (deps.dbh.kind === 'pglite' ? PGLITE_BATCH : BATCH[stage])) await flush();
          }
          if (batch.length) await flush();
        } finally {
          // Nothing of this stage is left writing when the stage ends or fails.
          await writing.catch(() => {});
        }
        await writing;
      }
      const next = PLATFORM_SYNC_STAGES[PLATFORM_SYNC_STAGES.indexOf(stage) + 1];
      if (next) {
        row = { ...row, stage: next, offset: 0, op: null };
        await beat({ stage: next, stageOffset: 0, bulkOperationId: null });
      }
    }
    await beat({ status: 'done', finishedAt: new Date() });
    return 'done';
  } catch (e) {
    if (e instanceof LostLease) return 'stopped';
    if (e instanceof ShopifyUnauthorizedError) return fail('errors.platformSync.unauthorized');
    // The token works but lacks a scope: the sync says so, the link stays authorised.
    if (e instanceof PlatformScopeRefused) return fail('errors.platformSync.scopeMissing');
    throw e;
  }
}

type WriteContext = { currency: string; storefrontUrl: string; decimals: number };

/**
 * Writes one batch through the ingestion writers' batch entry points, in `lanes` slices side by
 * side, each one transaction. Records that meet in one row go to one slice (a customer's orders
 * by customer, customers by e-mail), so two slices never race on one subscriber. Should the
 * slices still collide (a deadlock between them), the batch is written again as one slice: the
 * writers' upserts by the platform's ids make that safe.
 */
async function writeBatch(db: Db, scope: ReturnType<typeof shopScope>, stage: PlatformSyncStage, batch: BulkGroup[], ctx: WriteContext, lanes: number) {
  if (!batch.length) return;
  const slices: BulkGroup[][] = Array.from({ length: lanes }, () => []);
  for (const g of batch) slices[sliceOf(stage, g.root, lanes)]!.push(g);
  // Every slice ends (written or rolled back) before the batch is written again as one.
  const outcomes = await Promise.allSettled(slices.filter((sl) => sl.length).map((sl) => writeSlice(db, scope, stage, sl, ctx)));
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (!failed) return;
  if (lanes === 1) throw failed.reason;
  await writeSlice(db, scope, stage, batch, ctx);
}

/**
 * The slice a bulk row's root record is written in: a customer's orders by the customer (a
 * guest's by the order's e-mail), customers by e-mail, products by id.
 */
export function sliceOf(stage: PlatformSyncStage, root: Record<string, unknown>, lanes: number): number {
  if (lanes <= 1) return 0;
  const key = stage === 'orders' ? String(obj(root.customer).id ?? root.email ?? root.id)
    : stage === 'customers' ? String(root.email ?? root.id).toLowerCase() : String(root.id);
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) >>> 0;
  return h % lanes;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** A slice of bulk rows mapped to the writers' items, each with Shopify's `updatedAt`, in one short transaction. */
async function writeSlice(db: Db, scope: ReturnType<typeof shopScope>, stage: PlatformSyncStage, all: BulkGroup[], ctx: WriteContext) {
  const itemOf = (g: BulkGroup) => (stage === 'customers' ? mapShopifyCustomer(g) : stage === 'products' ? mapShopifyProduct(g, ctx) : mapShopifyOrder(g, ctx));
  await writeSyncChunk(db, scope, stage, all.map((g) => ({
    item: itemOf(g), platformUpdatedAt: typeof g.root.updatedAt === 'string' ? g.root.updatedAt : null,
    ...(stage === 'customers' ? { consent: shopifyBulkConsent(g) } : {}),
  })), 'shopify');
}
