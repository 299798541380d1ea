/**
 * Formats an instant as "YYYY-MM-DD HH:mm:ss" (SPEC section 9) in the store's time zone, so
 * every user of a store sees the same wall-clock times whatever their own machine says.
 */
export function formatInZone(iso: string | undefined, timeZone: string | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return formatInZone(iso, undefined);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function formatNumber(n: number | undefined, locale: string): string {
  return n === undefined ? '-' : new Intl.NumberFormat(locale).format(n);
}
