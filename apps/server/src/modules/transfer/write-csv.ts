import { neutraliseCsvCell } from './neutralise-csv-cell.ts';

/**
 * One CSV line (RFC 4180): fields quoted when they hold a comma, quote or line break. Every CSV
 * the product writes goes through here, so every cell is neutralised against formulas.
 */
export function csvLine(fields: string[]): string {
  return `${fields.map((raw) => {
    const f = neutraliseCsvCell(raw);
    return /[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f;
  }).join(',')}\r\n`;
}
