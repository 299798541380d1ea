import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BodyOf, DataOf, Envelope, RouteDef } from '@storecast/contract';
import { type DbHandle, openDb } from '@storecast/db';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { startWorker } from '../start-worker.ts';
import { ensurePgTemplate } from './ensure-pg-template.ts';
import { loadPgliteImage, sharedPgliteAssets } from './load-pglite-image.ts';
import { isMultipartBody } from './multipart-body.ts';
import { giveBackPglite, notePristinePglite, takeIdlePglite } from './reuse-pglite.ts';

/** PostgreSQL server the suite uses when TEST_DB=postgres (trust auth on loopback). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Opens a fresh, empty database for one test file: in-memory PGlite (one an earlier file of this
 * worker gave back, emptied, when there is one: `reuse-pglite.ts`), or a new database on the
 * PostgreSQL server that is dropped when the file is done. Files never share data. Both start
 * from the migrated schema made once (an image for PGlite, a template database for PostgreSQL);
 * opening still applies migrations, which then finds nothing to do.
 */
export async function openTestDb(
  kind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
): Promise<{ dbh: DbHandle; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    let dbh = takeIdlePglite();
    if (!dbh) {
      dbh = await openDb({ dataDir: 'memory://', pgliteImage: await loadPgliteImage(), pgliteAssets: await sharedPgliteAssets() });
      await notePristinePglite(dbh);
    }
    const opened = dbh;
    return { dbh: opened, drop: () => giveBackPglite(opened) };
  }
  const name = `storecast_test_${randomBytes(6).toString('hex')}`;
  const template = await ensurePgTemplate(TEST_PG_URL);
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  return {
    dbh,
    url: url.toString(),
    drop: async () => {
      await dbh.close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp extends App {
  /** Calls a contract route through the real HTTP stack (fastify inject). */
  call<R extends RouteDef>(
    route: R,
    opts?: { body?: BodyOf<R> | Record<string, unknown>; query?: Record<string, string>; token?: string; lang?: string },
  ): Promise<{ status: number; body: Envelope<DataOf<R>> }>;
}

/** `worker: true` also runs the background jobs (imports, exports) in the test's process. */
export async function startTestApp(overrides: Partial<Config> = {}, opts: { worker?: boolean } = {}): Promise<TestApp> {
  const { dbh, url, drop } = await openTestDb();
  const config = loadConfig({}, {
    logLevel: 'silent',
    databaseUrl: url,
    jobPollSeconds: 0.5,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'storecast-test-')),
    webDist: path.join(os.tmpdir(), 'storecast-no-web'),
    // One address signs up every user of a test file; the limiter tests set their own budgets.
    authRateLimit: { max: 1000, clientMax: 1000, windowMs: 60_000 },
    // Every request of a test comes from one address; the storefront's flood tests set their own.
    storefrontRateLimit: { ip: 100_000, store: 100_000, windowMs: 60_000 },
    ...overrides,
  });
  const built = await buildApp(config, dbh);
  const stopWorker = opts.worker ? await startWorker(built.deps, built.app.log) : async () => {};
  return {
    ...built,
    close: async () => {
      await stopWorker();
      await built.close();
      await drop();
    },
    async call(route, opts = {}) {
      const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const multipart = isMultipartBody(opts.body) ? opts.body : null;
      if (multipart) headers['content-type'] = multipart.contentType;
      const res = await built.app.inject({
        method: route.method,
        url: `/api${route.path}`,
        query: opts.query,
        payload: multipart ? multipart.payload : route.method === 'POST' ? (opts.body ?? {}) : undefined,
        headers,
      });
      return { status: res.statusCode, body: res.json() };
    },
  };
}
