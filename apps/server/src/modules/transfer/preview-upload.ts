import { AppError } from '../../http/app-error.ts';
import { isBlank, openRows } from './open-rows.ts';
import { removeUpload, type UploadMeta } from './save-upload.ts';
import { columnNames, suggestMapping } from './suggest-mapping.ts';

const PREVIEW_ROWS = 10;

/** Columns, the first rows and a suggested mapping of a stored upload, for the mapping step. */
export async function previewUpload(file: string, meta: UploadMeta) {
  let header: string[] | null = null;
  const preview: string[][] = [];
  try {
    const { rows } = await openRows(file, meta.kind);
    for await (const cells of rows) {
      if (!header) {
        header = columnNames(cells);
        continue;
      }
      if (isBlank(cells)) continue;
      preview.push(header.map((_, i) => cells[i] ?? ''));
      if (preview.length >= PREVIEW_ROWS) break;
    }
  } catch {
    await removeUpload(file);
    throw new AppError('errors.import.unreadable');
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
