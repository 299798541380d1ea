import { isUuid, type Locale, translateError } from '@storecast/contract';
import { exports, type ShopScope } from '@storecast/db';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';

const COLUMNS = {
  id: exports.id, format: exports.format, status: exports.status, totalRows: exports.totalRows,
  processedRows: exports.processedRows, failure: exports.failure, createdAt: exports.createdAt, finishedAt: exports.finishedAt,
  kind: exports.kind, filter: exports.filter,
};

type Kind = 'subscribers' | 'orders';

type Row = { [K in keyof typeof COLUMNS]: (typeof exports.$inferSelect)[K] };

function toRecord(r: Row, locale: Locale) {
  const days = r.kind === 'orders' ? { from: String(r.filter.from ?? ''), to: String(r.filter.to ?? '') } : {};
  return {
    ...days,
    id: r.id,
    format: r.format,
    status: r.status,
    total_rows: r.totalRows,
    processed_rows: r.processedRows,
    failure: r.failure ? translateError(locale, r.failure) : null,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** Export records of one kind (the e-mail list's, or the orders'), newest first. */
export async function listExports(deps: Deps, scope: ShopScope, locale: Locale, kind: Kind = 'subscribers') {
  const rows = await deps.dbh.db.select(COLUMNS).from(exports).where(scope.where(exports, eq(exports.kind, kind)))
    .orderBy(desc(exports.createdAt)).limit(100);
  return rows.map((r) => toRecord(r, locale));
}

export async function readExport(deps: Deps, scope: ShopScope, id: string, locale: Locale, kind: Kind = 'subscribers') {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.dbh.db.select(COLUMNS).from(exports).where(scope.where(exports, eq(exports.id, id), eq(exports.kind, kind)));
  if (!row) throw notFound();
  return toRecord(row, locale);
}

/** The finished file of an export of this store; 404 for any other store or an unfinished one. */
export async function exportFile(
  deps: Deps, scope: ShopScope, id: string, kind: Kind = 'subscribers',
): Promise<{ path: string; format: 'csv' | 'xlsx'; createdAt: Date }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.dbh.db.select({ filePath: exports.filePath, format: exports.format, createdAt: exports.createdAt, status: exports.status })
    .from(exports).where(scope.where(exports, eq(exports.id, id), eq(exports.kind, kind)));
  if (!row || row.status !== 'completed' || !row.filePath) throw notFound();
  return { path: row.filePath, format: row.format, createdAt: row.createdAt };
}
