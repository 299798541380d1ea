import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@storecast/contract';
import { imports, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { startWorker } from '../../start-worker.ts';
import { runImport } from './run-import.ts';
import { waitForTransfer } from './test/wait-for-transfer.ts';

// No worker here: the test drives the import by hand to stop and resume it.
let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

async function queuedImport(token: string) {
  const up = await t.call(api.audience.importUpload, { token, body: multipartBody('bad-rows.csv', readFileSync(path.join(import.meta.dirname, 'fixtures', 'bad-rows.csv'))) });
  const start = await t.call(api.audience.importStart, { token, body: { upload_id: up.body.data.upload_id, mapping: up.body.data.suggested_mapping } });
  expect(start.body.code, start.body.msg).toBe(100);
  return start.body.data.import_id;
}

describe('an interrupted import', () => {
  it('resumes after its last saved batch with the same result as one run', async () => {
    const s = await signUp(t);
    const id = await queuedImport(s.token);
    expect((await t.call(api.auth.info, { token: s.token })).body.data.flag_import).toBe('0');
    // Stop after the first batch of 3 rows, as a crash after a commit would.
    expect(await runImport(t.deps, id, { batchSize: 3, deadline: 1 })).toBe('more');
    const [mid] = await t.deps.dbh.db.select().from(imports).where(eq(imports.id, id));
    expect(mid).toMatchObject({ status: 'in_progress', processedRows: 3 });
    expect(await runImport(t.deps, id, { batchSize: 3 })).toBe('done');
    const [done] = await t.deps.dbh.db.select().from(imports).where(eq(imports.id, id));
    expect(done).toMatchObject({ status: 'completed', totalRows: 8, newRows: 2, skippedRows: 1, invalidRows: 5 });
    expect(done!.errors.map((e) => e.row)).toEqual([3, 4, 6, 7, 8, 9]);
    expect(await t.deps.dbh.db.select().from(subscribers).where(eq(subscribers.shopId, s.shopId))).toHaveLength(2);
    expect((await t.call(api.auth.info, { token: s.token })).body.data.flag_import).toBe('1');
  });

  it('a stale runner cannot save rows another runner already saved', async () => {
    const s = await signUp(t);
    const id = await queuedImport(s.token);
    await runImport(t.deps, id, { batchSize: 3, deadline: 1 });
    // A second runner that starts from the same saved point races the first; only one wins each batch.
    const [r1, r2] = await Promise.all([runImport(t.deps, id, { batchSize: 3 }), runImport(t.deps, id, { batchSize: 3 })]);
    expect([r1, r2]).toContain('done');
    const [done] = await t.deps.dbh.db.select().from(imports).where(eq(imports.id, id));
    expect(done).toMatchObject({ status: 'completed', newRows: 2, skippedRows: 1, invalidRows: 5 });
    expect(done!.errors).toHaveLength(6);
  });

  it('is picked up again when a worker starts, and finishes', async () => {
    const s = await signUp(t);
    const id = await queuedImport(s.token);
    await runImport(t.deps, id, { batchSize: 3, deadline: 1 });
    // Its queued job is lost (as if the queue's data were gone): the worker's start-up sweep re-queues it.
    await t.deps.dbh.exec(`delete from pgboss.job where name = 'import'`);
    const stop = await startWorker(t.deps, t.app.log);
    try {
      const rec = await waitForTransfer(t, s.token, 'import', id);
      expect(rec).toMatchObject({ status: 'completed', new_rows: 2, invalid_rows: 5 });
    } finally {
      await stop();
    }
  });
});
