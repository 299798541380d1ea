import { DEFAULT_LOCALE, type PlatformSyncStage } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { sql } from 'drizzle-orm';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { type BatchRecord, ingestCustomersBatch, ingestOrdersBatch, ingestProductsBatch } from '../ingest/index.ts';

/**
 * Writes one page or chunk of a first sync's mapped records through the ingestion writers' batch
 * entry points: one short transaction of a few set-based statements, ending as the webhooks'
 * record-by-record writes would. Each record carries the platform's `updated_at`, so one a
 * webhook stored newer is left as it is and an older webhook arriving later loses. The writers
 * check each item as the ingestion API does; one they refuse is skipped, not fatal.
 */
export async function writeSyncChunk(db: Db, scope: ShopScope, stage: PlatformSyncStage, records: BatchRecord[], platform: string) {
  if (!records.length) return;
  // On the embedded database other requests wait for the chunk's transaction: each gets a turn first.
  await giveOthersATurn();
  // Customers carry the platform's consent, applied as its webhooks apply it.
  if (stage === 'customers') await ingestCustomersBatch(db, scope, records, DEFAULT_LOCALE, platform);
  else if (stage === 'products') await ingestProductsBatch(db, scope, records, DEFAULT_LOCALE);
  else await ingestOrdersBatch(db, scope, records, DEFAULT_LOCALE);
}

const TABLES: Record<PlatformSyncStage, string> = {
  customers: 'customers, subscribers', products: 'products, product_variants', orders: 'orders, order_items, subscribers',
};

/**
 * Refreshes the planner's statistics of the tables a stage writes when its records written pass
 * 2,000, 8,000 and 32,000 (three ANALYZEs a stage). A first sync fills tables from nothing faster
 * than autovacuum notices: planned for the handful of rows last counted, the chunks' lookups
 * read a store's whole table (its e-mail index, all its orders) once per chunk, more with every
 * chunk. ANALYZE reads a sample and blocks no reads or writes. Past 32,000 the planner scales
 * the rows it knows by the tables' current size, so later ANALYZEs (each a sample of 30,000
 * rows per table) would change no plan and cost seconds on a large store.
 */
export async function keepStatsFresh(db: Db, stage: PlatformSyncStage, before: number, after: number) {
  for (let mark = 2000; mark <= Math.min(after, 32_000); mark *= 4) {
    if (before < mark) {
      await db.execute(sql.raw(`analyze ${TABLES[stage]}`));
      return;
    }
  }
}
