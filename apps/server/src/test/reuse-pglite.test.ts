import { describe, expect, it } from 'vitest';
import { openTestDb } from './start-test-app.ts';

/** The PGlite behind a test database's handle (the file before may have used it already). */
const clientOf = (db: { dbh: { db: object } }) => (db.dbh.db as { $client: unknown }).$client;

/**
 * A PGlite database a file gives back is handed to the next file only when it is as a fresh one
 * would be: the next file must not see a row, a setting or a schema the last one left.
 */
describe('reusing a test file\'s PGlite database', () => {
  it('hands the next file an empty database with the migrations\' own rows', async () => {
    // A file before this one, so that the first database is a reused one too, whatever ran before.
    await (await openTestDb('pglite')).drop();
    const first = await openTestDb('pglite');
    await first.dbh.exec(`
      INSERT INTO shops (name, homepage_url, platform, platform_domain, currency, timezone)
        VALUES ('Left behind', 'https://left.example', 'custom', 'left.example', 'USD', 'UTC');
      UPDATE invoice_counter SET last = 41;
      CREATE SCHEMA pgboss; CREATE TABLE pgboss.job (id int);
    `);
    await first.dbh.exec(`SET TIME ZONE 'Asia/Tokyo'`);
    await first.drop();

    const next = await openTestDb('pglite');
    try {
      // The same database (behind a new handle), emptied.
      expect(next.dbh).not.toBe(first.dbh);
      expect(clientOf(next)).toBe(clientOf(first));
      expect((await next.dbh.query('SELECT count(*)::int AS n FROM shops')).rows).toEqual([{ n: 0 }]);
      expect((await next.dbh.query('SELECT id, last FROM invoice_counter')).rows).toEqual([{ id: 1, last: 0 }]);
      expect((await next.dbh.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'pgboss'`)).rows).toEqual([{ n: 0 }]);
      expect((await next.dbh.query<{ TimeZone: string }>('SHOW TIME ZONE')).rows[0]!.TimeZone).not.toBe('Asia/Tokyo');
    } finally {
      await next.drop();
    }
  });

  it('starts a new database after a file changed the schema', async () => {
    const first = await openTestDb('pglite');
    await first.dbh.exec('CREATE TABLE left_behind (id int)');
    await first.drop();

    const next = await openTestDb('pglite');
    try {
      expect(clientOf(next)).not.toBe(clientOf(first));
      expect((await next.dbh.query(`SELECT to_regclass('left_behind') IS NULL AS gone`)).rows).toEqual([{ gone: true }]);
    } finally {
      await next.drop();
    }
  });
});
