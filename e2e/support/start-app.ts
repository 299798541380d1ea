import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import { loadPgliteImage, sharedPgliteAssets } from '../../apps/server/src/test/load-pglite-image.ts';
import { openTestDb } from '../../apps/server/src/test/start-test-app.ts';
import { openDb } from '@storecast/db';

export interface RunningApp extends App {
  baseUrl: string;
}

/**
 * Starts the whole product as `npm start` does (API + built admin app, PGlite on disk), on a
 * free loopback port and in a fresh data directory; with `database: 'postgres'`, on a new
 * database of the test PostgreSQL server instead, dropped when the app stops. The on-disk PGlite
 * starts from the migrated image the API suite uses: a first start's initdb and migrations took
 * 10-15 s of every journey file on a busy machine, and the server suite covers that first start.
 */
export async function startApp(overrides: Partial<Config> = {}, opts: { database?: 'pglite' | 'postgres' } = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storecast-e2e-'));
  const pg = opts.database === 'postgres' ? await openTestDb('postgres') : null;
  const dbh = pg?.dbh ?? await openDb({ dataDir, pgliteImage: await loadPgliteImage(), pgliteAssets: await sharedPgliteAssets() });
  const config = loadConfig({}, {
    databaseUrl: pg?.url,
    dataDir,
    host: '127.0.0.1',
    port: 0,
    logLevel: 'warn',
    webDist: path.resolve(import.meta.dirname, '../../apps/web/dist'),
    ...overrides,
  });
  const built = await buildApp(config, dbh);
  const address = await built.app.listen({ host: config.host, port: 0 });
  return {
    ...built,
    baseUrl: address,
    close: async () => {
      await built.close();
      // The app closes only a database it opened itself.
      if (pg) await pg.drop();
      else await dbh.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
