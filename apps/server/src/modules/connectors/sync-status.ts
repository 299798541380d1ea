import { api, CONNECTED_PLATFORMS, type Locale, PLATFORM_SYNC_STAGES, type PlatformSyncStage, type PlatformSyncStatusData, translateError } from '@storecast/contract';
import { platformSyncs, type Db, type ShopScope } from '@storecast/db';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';

/**
 * The store's latest first sync, with an estimate: stages the platform has counted add their
 * count; one not yet counted is guessed as the largest counted so far. Time left is the records
 * left at the pace since the sync started.
 */
export async function readSyncStatus(db: Db, scope: ShopScope, locale: Locale, now = new Date()): Promise<PlatformSyncStatusData | null> {
  const [row] = await db.select().from(platformSyncs).where(scope.where(platformSyncs)).orderBy(desc(platformSyncs.updatedAt)).limit(1);
  const platform = CONNECTED_PLATFORMS.find((p) => p === row?.platform);
  if (!row || !platform) return null;
  const stage = (PLATFORM_SYNC_STAGES as readonly string[]).includes(row.stage) ? (row.stage as PlatformSyncStage) : 'customers';
  const counted = PLATFORM_SYNC_STAGES.map((s) => row.stageTotals[s]).filter((n): n is number => typeof n === 'number');
  const guess = counted.length ? Math.max(...counted) : 0;
  const estimated = row.status === 'done'
    ? row.rowsDone
    : Math.max(row.rowsDone, PLATFORM_SYNC_STAGES.reduce((sum, s) => sum + (row.stageTotals[s] ?? guess), 0));
  const elapsed = row.startedAt ? (now.getTime() - row.startedAt.getTime()) / 1000 : 0;
  const pace = elapsed > 0 ? row.rowsDone / elapsed : 0;
  return {
    platform,
    status: row.status === 'running' || row.status === 'done' || row.status === 'failed' ? row.status : 'queued',
    stage,
    done: row.rowsDone,
    estimated,
    eta_seconds: row.status === 'running' && pace > 0 && estimated > 0 ? Math.ceil((estimated - row.rowsDone) / pace) : null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.status === 'failed' && row.error ? failureOf(locale, row.error) : null,
  };
}

/**
 * Why the sync failed: a message key in the caller's language; or, for a sync given up after its
 * attempts (sync-job.ts), the general sentence followed by the platform's or the system's own
 * words, which have no translation.
 */
function failureOf(locale: Locale, error: string): string {
  if (error.startsWith('errors.')) return translateError(locale, error);
  return `${translateError(locale, 'errors.platformSync.failed')} (${error})`;
}

export function syncStatusRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.platformSync.status, ({ scope, locale }) => readSyncStatus(deps.dbh.db, scope, locale));
}
