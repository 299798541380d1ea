import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/transfer.ts';

/** Importing and exporting subscribers. */
export const transferErrors: Messages<typeof zh.transferErrors> = {
  import: {
    fileType: 'Only xls, xlsx, ods or csv files can be imported.',
    fileSize: 'The file must be smaller than 15 MB.',
    empty: 'The file has no rows to import.',
    unreadable: 'The file could not be read. Please save it again as xlsx or csv and retry.',
    uploadGone: 'The uploaded file has expired, please upload it again.',
    noContactColumn: 'Map a column to e-mail or phone.',
    badEmail: 'Invalid e-mail address',
    badPhone: 'Invalid phone number',
    noContact: 'No e-mail address or phone number',
    duplicate: 'Same e-mail address as an earlier row',
    badDate: 'Invalid date',
    badStatus: 'Unknown status',
    duplicatePhone: 'Same phone number as an earlier row',
    badTag: 'Tag name is longer than 16 characters',
    busy: 'An import is already in progress, please wait for it to finish.',
    tooLarge: 'The spreadsheet is too large to import: at most 500,000 rows, 2,000,000 cells and 100 MB unpacked. Save it as CSV (no row limit) or split it.',
    tooManyColumns: 'The file has more than 200 columns. Remove the columns you do not need and upload it again.',
    cellTooLong: 'A cell holds more than 32,767 characters, more than a spreadsheet cell can. Check the file and upload it again.',
    unclosedQuote: 'A quoted field is never closed: a quote mark (") is missing in the file. Fix it and upload it again.',
  },
  export: {
    range: "Export time can't exceed 31 days.",
  },
};

export const transferNotices: Messages<typeof zh.transferNotices> = {
  import: {
    reportRow: 'Row',
    reportReason: 'Reason',
  },
};
