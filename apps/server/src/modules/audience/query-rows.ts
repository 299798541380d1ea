import type { Db } from '@storecast/db';
import type { SQL } from 'drizzle-orm';

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** Runs a `select count(*)::int as n ...` style query and returns n. */
export async function queryCount(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}
