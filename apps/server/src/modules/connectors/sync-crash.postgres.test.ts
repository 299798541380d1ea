import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platformSyncs } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { FIRST_SYNC_JOB } from './sync-job.ts';
import { countsOf, expectedOf, linkFakeShopify } from './test/sync-fixtures.ts';

/**
 * The first sync's fault test: a worker process syncing a fake Shopify store is killed with
 * SIGKILL in the middle of the orders, a second one takes over when the lease has passed and
 * resumes there (the orders' bulk operation is not run again, the written batches are not
 * written again), and the store ends with exactly the fake's records. PostgreSQL only: PGlite
 * lives inside one process.
 */
const DAY = 86_400_000;
const root = path.resolve(import.meta.dirname, '../../../../..');
// A whole second, as Shopify's search syntax writes it.
const since = new Date(Math.floor((Date.now() - 365 * DAY) / 1000) * 1000);

describe('a first sync whose worker is killed', () => {
  let t: TestApp;
  let fake: FakeShopify;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/connectors/test/run-sync-worker.ts'], {
      cwd: root,
      env: {
        ...process.env, ROLE: 'worker', DATABASE_URL: t.deps.config.databaseUrl, LOG_LEVEL: 'error',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'storecast-sync-worker-')),
        FAKE_SHOPIFY_URL: fake.url, FAKE_SHOPIFY_SHOP: fake.shop, SYNC_ORDERS_SINCE: String(since.getTime()),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    t = await startTestApp();
    // Enough orders that the kill lands between bulk files; more only makes the test slower.
    fake = await startFakeShopify({ bulkBatchSize: 100 });
    fake.seed({ customers: 400, orders: 1600, products: 40, start: Date.now() - 400 * DAY, spanDays: 400 });
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) {
      if (w.exitCode !== null || w.signalCode !== null) continue;
      const exited = new Promise((r) => w.once('exit', r));
      w.kill('SIGKILL');
      await exited;
    }
    await fake?.close();
    await t?.close();
  });

  it('resumes where it stopped and ends with exactly the fake store\'s records', async () => {
    const o = await signUp(t, { name: 'Crash Sync Tea' });
    await linkFakeShopify(t, o.shopId, fake);
    // Queued as claiming the store does: a job on the queue the worker works.
    await t.deps.jobs.declare(FIRST_SYNC_JOB, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 });
    await t.deps.jobs.send(FIRST_SYNC_JOB, { shopId: o.shopId, platform: 'shopify' });
    const sync = async () => (await t.deps.dbh.db.select().from(platformSyncs).where(eq(platformSyncs.shopId, o.shopId)))[0];

    // The orders' file stops after 1,100 of its orders: the worker writes its first batch of
    // 1,000 and waits there for the rest, a state that holds still until it is killed (a quick
    // machine otherwise writes the rest between two looks).
    fake.bulk.holdFiles(1100);
    const first = startWorker();
    await waitFor(async () => {
      const s = await sync();
      return s?.stage === 'orders' && s.stageOffset >= 1000 && fake.bulk.heldDownloads() > 0;
    }, 120_000);
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const atKill = (await sync())!;
    expect(atKill.status).toBe('running');
    expect(atKill.stageOffset).toBe(1000);
    const opsAtKill = fake.bulk.operations.length;

    fake.bulk.releaseFiles();
    startWorker();
    await waitFor(async () => (await sync())?.status === 'done', 120_000);
    const done = (await sync())!;

    const want = expectedOf(fake, since);
    const variants = want.products.reduce((n, p) => n + p.variants.length, 0);
    const items = want.orders.reduce((n, x) => n + x.lineItems.length, 0);
    expect(await countsOf(t, o.shopId)).toMatchObject({ customers: 400, orders: want.orders.length, items, products: 40, variants });
    expect(done.rowsDone).toBe(400 + 40 + want.orders.length);
    // Resumed, not restarted: the orders' bulk operation was taken up again, no new one ran.
    expect(fake.bulk.operations.length).toBe(opsAtKill);
    expect(fake.bulk.operations).toHaveLength(3);
  }, 300_000);
});
