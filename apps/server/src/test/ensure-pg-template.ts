import { migrationsFingerprint, openDb } from '@storecast/db';
import pg from 'pg';

let ensured: Promise<string> | undefined;
/** Templates kept on the server, this run's included. */
const KEEP_TEMPLATES = 6;

/**
 * The name of a database on the test PostgreSQL server with every migration applied, which each
 * test file's database is copied from (`CREATE DATABASE … TEMPLATE`) instead of migrating anew.
 * Its name changes with the migrations; workers that start together take an advisory lock so one
 * builds it while the others wait, and templates of older migrations are dropped beyond the
 * newest few.
 */
export function ensurePgTemplate(serverUrl: string): Promise<string> {
  ensured ??= build(serverUrl);
  return ensured;
}

async function build(serverUrl: string): Promise<string> {
  const name = `storecast_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('storecast_template'))`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Another checkout or branch on the same server may be copying from its own template right
    // now: only templates beyond the newest few are dropped, so no run loses the one it uses.
    const old = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'storecast\\_template\\_%' AND datname NOT LIKE '%\\_building'
        ORDER BY oid DESC OFFSET ${KEEP_TEMPLATES - 1}`,
    );
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    // Built under another name and renamed when complete, so no one copies half a template.
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const dbh = await openDb({ databaseUrl: url.toString(), dataDir: '' });
    await dbh.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('storecast_template'))`).catch(() => {});
    await admin.end();
  }
}
