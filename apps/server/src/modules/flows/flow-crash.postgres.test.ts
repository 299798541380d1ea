import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deliveries, flowRuns, flowRunSteps } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { addSubscribers, DOC, setVolume, volumeOf, waitFor } from '../delivery/test/fixtures.ts';
import { enterWelcome } from './enter-flows.ts';
import { flowEmailSource } from './flow-sources.ts';
import { seedFlow } from './test/seed-flow.ts';

/**
 * The flow runtime's fault test: a worker process advancing 2,000 welcome runs (ten of its
 * batches) is killed with SIGKILL while it works, a second one finishes; every run then has its
 * step recorded once, its e-mail delivery once and its volume reserved once, and the engine
 * mails each subscriber once.
 * PostgreSQL only: PGlite lives inside one process.
 */
const N = 2_000;
const root = path.resolve(import.meta.dirname, '../../../../..');

describe('a flow worker killed mid-batch', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/flows/test/run-flows-worker.ts'], {
      cwd: root,
      env: {
        ...process.env, ROLE: 'worker', DATABASE_URL: t.deps.config.databaseUrl, LOG_LEVEL: 'error',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'storecast-flows-worker-')), PUBLIC_URL: 'https://mail.storecast.test',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    sink = await startSmtpSink({ keep: false });
    t = await startTestApp({ smtpUrl: sink.url(4), publicUrl: 'https://mail.storecast.test', send: { batchSize: 500, concurrency: 20, leaseSeconds: 60 } });
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) {
      if (w.exitCode !== null || w.signalCode !== null) continue;
      const exited = new Promise((r) => w.once('exit', r));
      w.kill('SIGKILL');
      await exited;
    }
    await t?.close();
    await sink?.close();
  });

  it('loses no step and writes none twice', async () => {
    const o = await signUp(t, { name: 'Crash Flow Tea' });
    await seedVerifiedSender(t.deps.dbh, o.shopId);
    await setVolume(t.deps.dbh, o.shopId, N + 1_000);
    await addSubscribers(t.deps.dbh, o.shopId, N);
    const flow = await seedFlow(t.deps.dbh, o.shopId, 'welcome', {
      steps: [{ key: 'e1', type: 'email', title: 'Welcome {{first_name}}', summary: '', content: DOC, coupon_id: null }],
    });
    const { rows } = await t.deps.dbh.query<{ id: number }>(`select id from subscribers where shop_id = $1`, [o.shopId]);
    expect(await t.deps.dbh.transaction((c) => enterWelcome(c, o.shopId, rows.map((r) => Number(r.id)), new Date()))).toBe(N);
    const recorded = async () => Number((await t.deps.dbh.db.select({ n: sql<number>`count(*)::int` }).from(flowRunSteps)
      .where(eq(flowRunSteps.flowId, flow.flowId)))[0]!.n);

    // Mid-batch: the worker's transaction holds its claim (FOR UPDATE takes RowShareLock on the table).
    const claimHeld = async () => (await t.deps.dbh.query(
      `select 1 from pg_locks l join pg_class c on c.oid = l.relation
       where c.relname = 'flow_runs' and l.mode = 'RowShareLock' and l.pid <> pg_backend_pid()
         and l.database = (select oid from pg_database where datname = current_database())`,
    )).rows.length > 0;
    const first = startWorker();
    await waitFor(async () => (await recorded()) >= 600 && (await claimHeld()), 120_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await recorded();
    expect(atKill).toBeLessThan(N);

    startWorker();
    await waitFor(async () => {
      const [{ n }] = await t.deps.dbh.db.select({ n: sql<number>`count(*)::int` }).from(flowRuns)
        .where(sql`${flowRuns.flowId} = ${flow.flowId} and ${flowRuns.status} = 'active'`) as [{ n: number }];
      return n === 0;
    }, 300_000);
    console.info(`flow fault test: killed with ${atKill} of ${N} steps recorded`);

    const runs = await t.deps.dbh.db.select({ status: flowRuns.status, n: sql<number>`count(*)::int` }).from(flowRuns)
      .where(eq(flowRuns.flowId, flow.flowId)).groupBy(flowRuns.status);
    expect(runs).toEqual([{ status: 'completed', n: N }]);
    expect(await recorded()).toBe(N);
    const [{ n, runs: distinctRuns }] = await t.deps.dbh.db.select({ n: sql<number>`count(*)::int`, runs: sql<number>`count(distinct run_id)::int` })
      .from(deliveries).where(eq(deliveries.strategyId, flow.steps.e1!)) as [{ n: number; runs: number }];
    expect([n, distinctRuns]).toEqual([N, N]);
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: N + 1_000, waiting: N });

    // The engine sends them: once each.
    let r = await deliverSend(t.deps, flowEmailSource, flow.steps.e1!, Date.now() + 300_000);
    while (r.state === 'more') r = await deliverSend(t.deps, flowEmailSource, flow.steps.e1!, Date.now() + 300_000);
    expect(sink.count()).toBe(N);
    expect(sink.perRecipient.size).toBe(N);
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 1_000, waiting: 0 });
  }, 600_000);
});
