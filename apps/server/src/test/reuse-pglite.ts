import type { DbHandle } from '@storecast/db';

/**
 * Gives a test file's PGlite database back emptied, for the next file of the same worker to use,
 * instead of closing it. Starting PGlite from the migrated image costs 1.2-1.8 s of one thread
 * (unpacking 44 MB into its in-memory file system, then starting PostgreSQL inside WebAssembly),
 * more than most files spend on their tests; emptying a used one costs a tenth of that.
 *
 * A database is reused only when it ends up exactly as a fresh one: the job queue's schema
 * dropped (it is made on first use, as in a fresh database), every table emptied and the rows the
 * migrations wrote put back, sequences restarted, the session's settings discarded, and its
 * catalogue (schemas, relations, columns, functions, triggers, roles, settings) the same as the
 * image's. A file that changed anything else, or whose database fails to empty, closes it; the
 * next file then starts a new one.
 */

const CATALOGUE = `
SELECT md5(string_agg(x, ',' ORDER BY x)) AS sig FROM (
  SELECT 'n:' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  UNION ALL
  SELECT 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relpersistence::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
  UNION ALL
  SELECT 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text
         || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'p:' || n.nspname || '.' || p.proname || ':' || md5(coalesce(p.prosrc, ''))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 't:' || c.relname || '.' || t.tgname || ':' || t.tgenabled::text
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'o:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL
  SELECT 'r:' || rolname FROM pg_roles
  UNION ALL
  SELECT 's:' || coalesce(array_to_string(setconfig, ';'), '') FROM pg_db_role_setting
  UNION ALL
  SELECT 'g:' || name || '=' || setting FROM pg_settings WHERE source NOT IN ('default', 'override')
) s(x)`;

const TABLES = `
SELECT format('%I', c.relname) AS name FROM pg_class c
 WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
 ORDER BY c.relname`;

interface Pristine {
  catalogue: string;
  tables: string[];
  /** The rows the migrations wrote (a counter's first row), by table, as JSON. */
  seeds: { table: string; rows: string }[];
}

let pristine: Promise<Pristine> | undefined;
const idle: DbHandle[] = [];
/** The database behind each handle given out, so the file's handle gives it back. */
const behind = new WeakMap<DbHandle, DbHandle>();
const givenBack = new WeakSet<DbHandle>();

/**
 * A database a finished file gave back, emptied, or null when there is none. It comes in a new
 * handle over a new `Db` object: caches keyed by either (the app's generated secret, storefront
 * keys, live streams) start empty, as they would with a new database.
 */
export function takeIdlePglite(): DbHandle | null {
  const dbh = idle.pop();
  if (!dbh) return null;
  const handle: DbHandle = { ...dbh, db: Object.create(dbh.db) as DbHandle['db'] };
  behind.set(handle, dbh);
  return handle;
}

/** Reads what a fresh database holds; must see a database no test has touched yet. */
export function notePristinePglite(dbh: DbHandle): Promise<unknown> {
  pristine ??= (async () => {
    const catalogue = (await dbh.query<{ sig: string }>(CATALOGUE)).rows[0]!.sig;
    const tables = (await dbh.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
    const seeds: Pristine['seeds'] = [];
    for (const table of await nonEmpty(dbh, tables)) {
      const rows = (await dbh.query<{ rows: string }>(`SELECT json_agg(t)::text AS rows FROM ${table} t`)).rows[0]!.rows;
      seeds.push({ table, rows });
    }
    return { catalogue, tables, seeds };
  })();
  return pristine;
}

/** Empties the database for the next file, or closes it when it cannot be made fresh again. */
export async function giveBackPglite(handle: DbHandle): Promise<void> {
  if (givenBack.has(handle)) return;
  givenBack.add(handle);
  const dbh = behind.get(handle) ?? handle;
  try {
    if (pristine && idle.length === 0 && (await makeFresh(dbh, await pristine))) {
      idle.push(dbh);
      return;
    }
  } catch {
    // Whatever failed, a new database is the safe answer.
  }
  await dbh.close();
}

async function makeFresh(dbh: DbHandle, p: Pristine): Promise<boolean> {
  await dbh.exec('DISCARD ALL');
  await dbh.exec('DROP SCHEMA IF EXISTS pgboss CASCADE');
  const used = await nonEmpty(dbh, p.tables);
  if (used.length > 0) await dbh.exec(`TRUNCATE ${used.join(', ')} RESTART IDENTITY CASCADE`);
  for (const s of p.seeds) await dbh.query(`INSERT INTO ${s.table} SELECT * FROM json_populate_recordset(NULL::${s.table}, $1::json)`, [s.rows]);
  await dbh.exec(`SELECT setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences WHERE schemaname = 'public'`);
  const catalogue = (await dbh.query<{ sig: string }>(CATALOGUE)).rows[0]!.sig;
  return catalogue === p.catalogue;
}

async function nonEmpty(dbh: DbHandle, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const sql = tables.map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${t})`).join(' UNION ALL ');
  return (await dbh.query<{ i: number }>(sql)).rows.map((r) => tables[r.i]!);
}
