import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';

/**
 * Rows of the first sheet of an xls, xlsx or ods file as text. Numbers are written out in full
 * from the stored value, never from the display format, so a phone number like 8613800138000
 * does not come back as "8.6138E+12"; date cells come back as "YYYY-MM-DD HH:MM:SS".
 * SheetJS reads the whole workbook at once; the upload limit (15 MB) bounds it.
 */
export async function readSpreadsheetRows(file: string): Promise<string[][]> {
  const wb = XLSX.read(await readFile(file), { type: 'buffer', dense: true, cellNF: true, cellHTML: false, cellFormula: false });
  const name = wb.SheetNames[0];
  const sheet = name ? wb.Sheets[name] : undefined;
  const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const rows: string[][] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = data[r] ?? [];
    const row: string[] = new Array(cells.length);
    for (let c = 0; c < cells.length; c++) row[c] = cellText(cells[c]);
    rows.push(row);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's': return String(cell.v);
    case 'b': return cell.v ? 'TRUE' : 'FALSE';
    case 'd': return dateText(cell.v as Date);
    case 'n': {
      const v = cell.v as number;
      if (typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) {
        const p = XLSX.SSF.parse_date_code(v);
        if (p) return `${p.y}-${pad(p.m)}-${pad(p.d)} ${pad(p.H)}:${pad(p.M)}:${pad(Math.floor(p.S))}`;
      }
      // Integers in full (no exponent, no grouping); other numbers as JavaScript writes them.
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(0) : String(v);
    }
    case 'e': case 'z': return '';
    default: return String(cell.v);
  }
}

function dateText(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
