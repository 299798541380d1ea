import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '@storecast/db';
import pg from 'pg';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import type { Deps } from '../../apps/server/src/deps.ts';
import { smtpMailSender } from '../../apps/server/src/messaging/smtp-mail-sender.ts';
import { startSmtpSink } from '../../apps/server/src/test/smtp-sink.ts';
import { openJobQueue } from '../../apps/server/src/worker/job-queue.ts';

/**
 * What the sending benchmarks share: a scratch database created on the server of `DATABASE_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres), an SMTP sink on loopback, the server's
 * own config, job queue and pooled SMTP sender pointed at them, and `close()`, which stops all of
 * it and drops the database.
 */
export async function openSendBench(label: string, opts: { pool: number; concurrency: number; jobPollSeconds?: number }) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `storecast_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sink = await startSmtpSink({ keep: false });
  const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  const config: Config = loadConfig({}, {
    logLevel: 'silent', databaseUrl: url.toString(), smtpUrl: sink.url(opts.pool), publicUrl: 'https://mail.storecast.test',
    dataDir: mkdtempSync(path.join(os.tmpdir(), `storecast-bench-${label}-`)),
    ...(opts.jobPollSeconds ? { jobPollSeconds: opts.jobPollSeconds } : {}),
    send: { batchSize: 200, concurrency: opts.concurrency, leaseSeconds: 120 },
  });
  const jobs = openJobQueue(dbh, { databaseUrl: config.databaseUrl, ...(opts.jobPollSeconds ? { pollingIntervalSeconds: opts.jobPollSeconds } : {}) });
  const mail = smtpMailSender(config.smtpUrl!);
  const deps: Deps = { config, dbh, mail, jobs, sms: { name: 'none', send: async () => ({ id: null }) } };
  return {
    deps, sink, serverUrl,
    async close() {
      await jobs.stop();
      await mail.close();
      await dbh.close();
      await sink.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
