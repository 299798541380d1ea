import type { Db, RawConnection } from '@storecast/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The flow hooks run raw SQL on the caller's connection. Callers that write through Drizzle
 * (storefront, ingestion) hand their transaction through this, so entering a flow commits or
 * rolls back with the write that triggered it. `$n` placeholders become Drizzle parameters.
 */
export function rawConnectionOf(db: Db): RawConnection {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)), sql`${sql.param(params[Number(m[1]) - 1])}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const res = (await db.execute(sql.join(chunks, sql``))) as unknown as { rows: T[]; rowCount?: number | null; affectedRows?: number };
      return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
    },
    copyFrom() {
      throw new Error('COPY is not available on a Drizzle connection');
    },
  };
}
