import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type DbHandle, openDb } from '@storecast/db';
// autocannon ships no types; the part used here is typed below.
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/** What autocannon reports, of what the storefront benches read. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
export const cannon = autocannon as unknown as (opts: Record<string, unknown>) => Promise<CannonResult>;

/**
 * A scratch database on the server of `DATABASE_URL` (default the local PostgreSQL) and the API
 * on a loopback port, its storefront rate limits opened (unless set) so the bench measures the
 * writes, not the limiter. `run` gets the app's address; the database is dropped afterwards.
 */
export async function withStorefrontBench(label: string, run: (b: { dbh: DbHandle; baseUrl: string }) => Promise<void>) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `storecast_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `storecast-bench-${label}-`));
  const config = loadConfig({
    STOREFRONT_RATE_LIMIT_IP: process.env.STOREFRONT_RATE_LIMIT_IP ?? '100000000',
    STOREFRONT_RATE_LIMIT_STORE: process.env.STOREFRONT_RATE_LIMIT_STORE ?? '100000000',
  }, { logLevel: 'silent', databaseUrl: url.toString(), dataDir, webDist: path.join(dataDir, 'no-web') });
  const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  const { app, close } = await buildApp(config, dbh);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await run({ dbh, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  } finally {
    await close();
    await dbh.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
