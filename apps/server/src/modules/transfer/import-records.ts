import { isUuid, type Locale, translateError } from '@storecast/contract';
import { imports, type ShopScope } from '@storecast/db';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { csvLine } from './write-csv.ts';

type ImportRecord = typeof imports.$inferSelect;

const LIST_COLUMNS = {
  id: imports.id, fileName: imports.fileName, status: imports.status, totalRows: imports.totalRows,
  processedRows: imports.processedRows, newRows: imports.newRows, updatedRows: imports.updatedRows,
  skippedRows: imports.skippedRows, invalidRows: imports.invalidRows, failure: imports.failure,
  createdAt: imports.createdAt, finishedAt: imports.finishedAt,
};

function toRecord(r: Omit<ImportRecord, 'shopId' | 'filePath' | 'mapping' | 'tagIds' | 'errors'>, locale: Locale) {
  return {
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    total_rows: r.totalRows,
    processed_rows: r.processedRows,
    new_rows: r.newRows,
    updated_rows: r.updatedRows,
    skipped_rows: r.skippedRows,
    invalid_rows: r.invalidRows,
    failure: r.failure ? translateError(locale, r.failure) : null,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function listImports(deps: Deps, scope: ShopScope, locale: Locale) {
  const rows = await deps.dbh.db.select(LIST_COLUMNS).from(imports).where(scope.where(imports))
    .orderBy(desc(imports.createdAt)).limit(100);
  return rows.map((r) => toRecord(r, locale));
}

export async function readImport(deps: Deps, scope: ShopScope, id: string, locale: Locale) {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.dbh.db.select(LIST_COLUMNS).from(imports).where(scope.where(imports, eq(imports.id, id)));
  if (!row) throw notFound();
  return toRecord(row, locale);
}

/**
 * The bad rows of an import as CSV (UTF-8 with a BOM, so Excel shows Chinese): row number,
 * reason in the caller's language, then the row's original cells.
 */
export async function importErrorsCsv(deps: Deps, scope: ShopScope, id: string, locale: Locale): Promise<{ name: string; body: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.dbh.db.select({ fileName: imports.fileName, errors: imports.errors })
    .from(imports).where(scope.where(imports, eq(imports.id, id)));
  if (!row) throw notFound();
  const values = row.errors.map((e) => (e.value ? (JSON.parse(e.value) as Record<string, string>) : {}));
  const columns = [...new Set(values.flatMap((v) => Object.keys(v)))];
  let body = `\ufeff${csvLine([translateError(locale, 'notices.import.reportRow'), translateError(locale, 'notices.import.reportReason'), ...columns])}`;
  row.errors.forEach((e, i) => {
    body += csvLine([String(e.row), translateError(locale, e.reason), ...columns.map((c) => values[i]![c] ?? '')]);
  });
  return { name: `${row.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, body };
}
