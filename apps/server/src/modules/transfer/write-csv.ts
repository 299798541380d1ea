/** One CSV line (RFC 4180): fields quoted when they hold a comma, quote or line break. */
export function csvLine(fields: string[]): string {
  return `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')}\r\n`;
}
