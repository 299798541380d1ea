import { DEFAULT_LOCALE, type PlatformSyncStage } from '@storecast/contract';
import type { Db, ShopScope } from '@storecast/db';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { type BatchRecord, ingestCustomersBatch, ingestOrdersBatch, ingestProductsBatch } from '../ingest/index.ts';

/**
 * Writes one page or chunk of a first sync's mapped records through the ingestion writers' batch
 * entry points: one short transaction of a few set-based statements, ending as the webhooks'
 * record-by-record writes would. Each record carries the platform's `updated_at`, so one a
 * webhook stored newer is left as it is and an older webhook arriving later loses. The writers
 * check each item as the ingestion API does; one they refuse is skipped, not fatal.
 */
export async function writeSyncChunk(db: Db, scope: ShopScope, stage: PlatformSyncStage, records: BatchRecord[]) {
  if (!records.length) return;
  // On the embedded database other requests wait for the chunk's transaction: each gets a turn first.
  await giveOthersATurn();
  if (stage === 'customers') await ingestCustomersBatch(db, scope, records, DEFAULT_LOCALE);
  else if (stage === 'products') await ingestProductsBatch(db, scope, records, DEFAULT_LOCALE);
  else await ingestOrdersBatch(db, scope, records, DEFAULT_LOCALE);
}
