import { exports, imports } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { oneAtATime } from '../../db/take-turns.ts';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { declareQueue, EXPORT_QUEUE, IMPORT_QUEUE, IMPORT_SLICE_MS } from './queues.ts';
import { failExport, runExport } from './run-export.ts';
import { failImport, runImport } from './run-import.ts';

/**
 * Imports and exports on the job queue. Recovery from a crash:
 * - a job whose worker died is expired by the queue after its expiry and retried; an import
 *   resumes after its last saved batch, an export starts over;
 * - a job out of retries lands in the "-failed" queue, whose worker marks the record failed;
 * - on worker start, a record still in progress with no live job (lost between insert and send,
 *   or queue data removed) is queued again.
 * So a record is never left "in progress" for good.
 */
export const importJob: Job = {
  name: IMPORT_QUEUE,
  async start(deps, log) {
    await declareQueue(deps, IMPORT_QUEUE);
    await deps.jobs.work<{ importId: string }>(IMPORT_QUEUE, async (job) => {
      const { importId } = job.data;
      try {
        const result = await oneTransferPerStore(deps, imports, importId, () => runImport(deps, importId, { deadline: Date.now() + IMPORT_SLICE_MS }));
        // A long import hands over to a fresh job now and then, so no single job runs past its expiry.
        if (result === 'more') await deps.jobs.send(IMPORT_QUEUE, { importId });
      } catch (err) {
        log.error({ err, importId }, 'import failed, will retry');
        throw err;
      }
    });
    await deps.jobs.work<{ importId: string }>(`${IMPORT_QUEUE}-failed`, async (job) => {
      await failImport(deps, job.data.importId, 'errors.common.internal');
    });
    await requeueOrphans(deps, log, IMPORT_QUEUE, 'importId', async () =>
      (await deps.dbh.db.select({ id: imports.id }).from(imports).where(eq(imports.status, 'in_progress'))).map((r) => r.id));
    return async () => {};
  },
};

export const exportJob: Job = {
  name: EXPORT_QUEUE,
  async start(deps, log) {
    await declareQueue(deps, EXPORT_QUEUE);
    await deps.jobs.work<{ exportId: string }>(EXPORT_QUEUE, async (job) => {
      try {
        await oneTransferPerStore(deps, exports, job.data.exportId, () => runExport(deps, job.data.exportId));
      } catch (err) {
        log.error({ err, exportId: job.data.exportId }, 'export failed, will retry');
        throw err;
      }
    });
    await deps.jobs.work<{ exportId: string }>(`${EXPORT_QUEUE}-failed`, async (job) => {
      await failExport(deps, job.data.exportId, 'errors.common.internal');
    });
    await requeueOrphans(deps, log, EXPORT_QUEUE, 'exportId', async () =>
      (await deps.dbh.db.select({ id: exports.id }).from(exports).where(eq(exports.status, 'in_progress'))).map((r) => r.id));
    return async () => {};
  },
};

/**
 * A store's imports and exports run one at a time in this process (the next one waits), so one
 * store cannot hold the database with several at once; a record already gone just runs (its
 * runner finds nothing to do).
 */
async function oneTransferPerStore<T>(deps: Deps, table: typeof imports | typeof exports, id: string, run: () => Promise<T>): Promise<T> {
  const [rec] = await deps.dbh.db.select({ shopId: table.shopId }).from(table).where(eq(table.id, id));
  return rec ? oneAtATime(`transfer:${rec.shopId}`, run) : run();
}

async function requeueOrphans(deps: Deps, log: FastifyBaseLogger, queue: string, key: string, inProgress: () => Promise<string[]>) {
  const live = new Set<unknown>();
  for (const q of [queue, `${queue}-failed`]) for (const d of await deps.jobs.liveJobData(q)) live.add(d[key]);
  for (const id of await inProgress()) {
    if (live.has(id)) continue;
    log.info({ [key]: id }, `re-queued ${queue} left in progress`);
    await deps.jobs.send(queue, { [key]: id });
  }
}
