import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';

/**
 * A store's first sync from its platform, one row per store and platform: where it is, so a
 * worker that dies mid-way resumes from here (apps/server/src/modules/connectors, sync-*.ts).
 */
export const platformSyncs = pgTable(
  'platform_syncs',
  {
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    /** customers, products or orders: the stage running (the last one once done). */
    stage: text('stage').notNull().default('customers'),
    /** The platform's bulk operation for the stage (Shopify: its gid), once started. */
    bulkOperationId: text('bulk_operation_id'),
    /** Root records of the stage's file already written: a resumed stage skips these. */
    stageOffset: integer('stage_offset').notNull().default(0),
    /** Records written, all stages together. */
    rowsDone: integer('rows_done').notNull().default(0),
    /** Root records per stage as the platform counted them, once its file is ready. */
    stageTotals: jsonb('stage_totals').$type<Record<string, number>>().notNull().default({}),
    /** A message key, when failed. */
    error: text('error'),
    /** Runs of the sync that ended in an unexpected error; at the job's limit it is marked failed. */
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.platform] })],
);
