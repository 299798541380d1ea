import { AppError } from '../../http/app-error.ts';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';
import { isBlank, openRows } from './open-rows.ts';
import { removeUpload, type UploadMeta } from './save-upload.ts';
import { columnNames, suggestMapping } from './suggest-mapping.ts';

/** What the mapping step shows of one cell: enough to recognise the column, never a whole file. */
const previewCell = (c: string) => (c.length > IMPORT_LIMITS.previewCellChars ? `${c.slice(0, IMPORT_LIMITS.previewCellChars - 1)}…` : c);

/**
 * Columns, the first rows and a suggested mapping of a stored upload, for the mapping step.
 * What comes back is bounded: at most IMPORT_LIMITS.columns columns (a file with more is
 * refused), ten rows, and cells cut to a short preview.
 */
export async function previewUpload(file: string, meta: UploadMeta) {
  let header: string[] | null = null;
  const preview: string[][] = [];
  try {
    const { rows } = await openRows(file, meta.kind, { preview: true });
    for await (const cells of rows) {
      if (!header) {
        header = columnNames(cells);
        continue;
      }
      if (isBlank(cells)) continue;
      preview.push(header.map((_, i) => previewCell(cells[i] ?? '')));
      if (preview.length >= IMPORT_LIMITS.previewRows) break;
    }
  } catch (err) {
    await removeUpload(file);
    throw new AppError(err instanceof ImportFileError ? err.key : 'errors.import.unreadable');
  }
  if (!header || preview.length === 0) {
    await removeUpload(file);
    throw new AppError('errors.import.empty');
  }
  return {
    upload_id: meta.id,
    file_name: meta.fileName,
    columns: header,
    preview,
    suggested_mapping: suggestMapping(header),
  };
}
