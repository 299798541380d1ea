import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@storecast/contract';
import { deliveries, sendPackageLogs, strategies } from '@storecast/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { addSubscribers, ALL, DOC, setVolume, volumeOf, waitFor } from './test/fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

/**
 * The fault test: a real worker process (ROLE=worker) is killed with SIGKILL in the middle of a
 * 2,000-recipient send (forty batches, killed after eight), another is started, and the send must
 * finish with every recipient mailed, duplicates no more than one batch, and the volume spent
 * exactly once per recipient. PostgreSQL only: PGlite lives inside one process, so a second
 * process cannot open it.
 */
const N = 2_000;
// Forty batches, as many as of 200 for 8,000 recipients, for a quarter of the mail.
const BATCH = 50;
/** Where the first worker dies: inside a batch, not at its edge, so outcomes recorded later than each batch's end show as repeats. */
const KILL_AT = 10 * BATCH + 30;
const root = path.resolve(import.meta.dirname, '../../../../..');

describe('a worker killed mid-send', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let gate: { open: Promise<void> } | null = null;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    // Node itself with tsx as a loader (not the tsx CLI, which runs the script in a child process
    // that a SIGKILL to the CLI would leave running).
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env, ROLE: 'worker', DATABASE_URL: t.deps.config.databaseUrl, SMTP_URL: sink.url(4), LOG_LEVEL: 'error',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'storecast-worker-')), PUBLIC_URL: 'https://mail.storecast.test',
        SEND_BATCH_SIZE: String(BATCH), SEND_LEASE_SECONDS: '5', APP_SECRET: 'crash-test-secret',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    // Once KILL_AT messages are in, the sink takes each further message but holds its answer:
    // the worker waits there, mid-send, until it is killed (a quick machine otherwise finishes
    // the send between two looks at the count).
    sink = await startSmtpSink({ keep: false, hold: () => (gate && sink.count() > KILL_AT ? gate.open : null) });
    t = await startTestApp({ smtpUrl: sink.url(2), appSecret: 'crash-test-secret' });
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

  it('loses nobody, repeats at most one batch and spends the volume exactly', async () => {
    const o = await signUp(t, { name: 'Crash Tea' });
    await seedVerifiedSender(t.deps.dbh, o.shopId);
    await setVolume(t.deps.dbh, o.shopId, N + 5_000);
    await addSubscribers(t.deps.dbh, o.shopId, N);
    const res = await t.call(api.strategy.save, { token: o.token, body: { name: 'Big', title: 'Hi {{first_name}}', segment_ids: [ALL], content: DOC, send_mode: 'now' } });
    expect(res.body.code, res.body.msg).toBe(100);
    const id = res.body.data.id;

    let go = () => {};
    gate = { open: new Promise<void>((resolve) => (go = resolve)) };
    const first = startWorker();
    await waitFor(async () => sink.count() >= KILL_AT, 120_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    go();
    gate = null;
    const atKill = sink.count();
    expect(atKill).toBeLessThan(N);
    // Some of the dead worker's claims are still "sending" under its lease.
    const [{ n: inFlight }] = await t.deps.dbh.db.select({ n: sql<number>`count(*)::int` }).from(deliveries)
      .where(and(eq(deliveries.strategyId, id), eq(deliveries.status, 'sending'))) as [{ n: number }];

    startWorker();
    await waitFor(async () => {
      // More than one batch sent twice already fails the test: no need to wait for the end.
      expect(sink.count() - N, 'mail sent twice').toBeLessThanOrEqual(BATCH);
      const [s] = await t.deps.dbh.db.select({ status: strategies.status }).from(strategies).where(eq(strategies.id, id));
      return s!.status === 'completed';
    }, 600_000);

    const duplicates = sink.count() - N;
    console.info(`fault test: ${sink.perRecipient.size} recipients reached, ${duplicates} duplicates, ${atKill} sent before the kill`);
    expect(sink.perRecipient.size).toBe(N);
    expect(duplicates).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(BATCH);
    const states = await t.deps.dbh.db.select({ status: deliveries.status, n: sql<number>`count(*)::int` }).from(deliveries)
      .where(eq(deliveries.strategyId, id)).groupBy(deliveries.status);
    expect(states).toEqual([{ status: 'sent', n: N }]);
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 5_000, waiting: 0 });
    const [{ spent }] = await t.deps.dbh.db.select({ spent: sql<number>`sum(amount)::int` }).from(sendPackageLogs)
      .where(and(eq(sendPackageLogs.shopId, o.shopId), eq(sendPackageLogs.kind, 'consume'))) as [{ spent: number }];
    expect(spent).toBe(N);
    const [{ retried }] = await t.deps.dbh.db.select({ retried: sql<number>`count(*)::int` }).from(deliveries)
      .where(and(eq(deliveries.strategyId, id), sql`${deliveries.attempts} > 1`)) as [{ retried: number }];
    console.info(`fault test: killed at ${atKill} sent, ${inFlight} in flight, ${retried} claimed twice, ${duplicates} duplicates`);
  }, 900_000);
});
