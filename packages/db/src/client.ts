import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the server uses, whichever driver sits behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** PGlite's compiled WebAssembly and its file bundle, which every PGlite of a process can share. */
export interface PgliteAssets { wasmModule: WebAssembly.Module; fsBundle: Blob }

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
}

/** One connection inside a transaction, for work that needs raw SQL or COPY. */
export interface RawConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** `COPY <table> FROM STDIN` with text-format data (tab-separated, `\N` for null). */
  copyFrom(table: string, columns: string[], data: string): Promise<void>;
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); for tests and benchmarks. */
  exec(sql: string): Promise<void>;
  /**
   * One parameterised statement, or several statements when `params` is absent, returning the
   * rows of the last one. For code that brings its own SQL (the job queue).
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs `fn` on one connection in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (c: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const copySql = (table: string, columns: string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise PGlite stored in `dataDir/pglite`
 * (`memory://` keeps it in memory, for tests; `pgliteImage` starts it from a data directory
 * `buildPgliteImage` made; `pgliteAssets` reuses what `loadPgliteAssets` compiled), and applies
 * the committed migrations.
 */
export async function openDb(opts: { databaseUrl?: string; dataDir: string; pgliteImage?: Blob; pgliteAssets?: PgliteAssets }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is removed by
    // the pool; without a listener its error would crash the process. The next query reconnects.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const { from: copyStream } = await import('pg-copy-streams');
    const { pipeline } = await import('node:stream/promises');
    const { Readable } = await import('node:stream');
    const query = async <T>(sql: string, params?: unknown[]) => {
      const r = await pool.query(sql, params);
      // Several statements answer with one result each; the caller wants the last.
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: (last?.rows ?? []) as T[], rowCount: last?.rowCount ?? 0 };
    };
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exec: async (sql) => void (await pool.query(sql)),
      query,
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await fn({
            query: async <T>(sql: string, params?: unknown[]) => {
              const r = await client.query(sql, params);
              return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
            },
            copyFrom: async (table, columns, data) => {
              await pipeline(Readable.from([data]), client.query(copyStream(copySql(table, columns, 'STDIN'))));
            },
          });
          await client.query('COMMIT');
          return out;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let target = opts.dataDir;
  if (opts.dataDir !== 'memory://') {
    target = path.join(opts.dataDir, 'pglite');
    mkdirSync(target, { recursive: true });
  }
  // A new 16 MB WAL segment is zero-filled by default, and PGlite does it in the one thread that
  // also answers HTTP: every 16 MB of writes (about 20,000 shopper events) froze the server for
  // 200-300 ms. Without the fill only the segment's last byte is written; recovery still stops at
  // the first record whose checksum fails, so nothing written is put at risk.
  const client = await PGlite.create(target, {
    postgresqlconf: ['wal_init_zero = off'],
    ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
    ...(opts.pgliteAssets ? { pgliteWasmModule: opts.pgliteAssets.wasmModule, fsBundle: opts.pgliteAssets.fsBundle } : {}),
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => {
      if (params && params.length > 0) {
        const r = await client.query<T>(sql, params);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      // Without parameters the text may hold several statements (a queue's schema migration).
      const results = await client.exec(sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as T[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => {
            const r = await tx.query<T>(sql, params);
            return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
          },
          // PGlite reads COPY data from a Blob it exposes as the file /dev/blob.
          copyFrom: async (table, columns, data) =>
            void (await tx.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([data]) })),
        }),
      ),
    close: () => client.close(),
  };
}
