/**
 * What an uploaded file may hold. A spreadsheet is a zip (xlsx, ods) of XML that can unpack to
 * a thousand times its size, and a whole workbook sits in memory while it is read, so its
 * unpacked size, rows, columns and cells are bounded before and while it is parsed. CSV is read
 * as a stream and has no row limit, only bounds on one record. The messages of
 * errors.import.tooLarge / tooManyColumns / cellTooLong state these numbers.
 */
export const IMPORT_LIMITS = {
  /** Sum of the unpacked sizes of every part of an xlsx or ods. */
  unpackedBytes: 100 * 1024 * 1024,
  /** Parts of a zip: a workbook has a dozen or so. */
  zipEntries: 1000,
  /** Rows and cells of the sheet read: about 1 GB of memory at most while a workbook is parsed. */
  spreadsheetRows: 500_000,
  spreadsheetCells: 2_000_000,
  columns: 200,
  /** Excel's own limit for one cell. */
  cellChars: 32_767,
  /** A column name longer than this is cut, in the preview and the import alike. */
  columnNameChars: 100,
  /** What the mapping step shows of each cell. */
  previewCellChars: 100,
  previewRows: 10,
} as const;

/** A file the import refuses, with the message key (errors.import.*) that says why. */
export class ImportFileError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}
