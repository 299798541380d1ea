import { z } from 'zod';

/** The eight ranges of the dashboard and the exports (SPEC section 1), in the store's time zone. */
export const DATE_RANGE_KEYS = [
  'today', 'yesterday', 'this_week', 'last_7_days', 'last_week', 'this_month', 'last_30_days', 'last_month',
] as const;
export type DateRangeKey = (typeof DATE_RANGE_KEYS)[number];
export const dateRangeKeySchema = z.enum(DATE_RANGE_KEYS);

/** Calendar days, both ends included, written YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

export interface ResolvedRange extends DayRange {
  key: DateRangeKey;
  days: number;
  /** The same number of days just before. */
  previous: DayRange;
}

const DAY_MS = 86_400_000;

/** The calendar day it is at `now` in `timeZone` (an IANA name), YYYY-MM-DD. */
export function localDay(now: Date, timeZone: string): string {
  return dayFormat(timeZone).format(now);
}

// Building a formatter costs far more than using one (a server answers many requests a second).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size > 500) dayFormats.clear();
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** Adds calendar days to a YYYY-MM-DD day; plain date arithmetic, so DST changes cannot shift it. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `a` to `b`, both included. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range, oldest first. */
export function eachDay(range: DayRange): string[] {
  const n = daysBetween(range.start, range.end);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(range.start, i));
}

/** The first day of the month `day` is in. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function weekday(day: string): number {
  // 0 Monday ... 6 Sunday: weeks start on Monday.
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The days a range covers at `now` in the store's time zone, and the period of the same length
 * just before (this month so far, 24 days, compares with the 24 days before the 1st). Ranges are
 * whole local days, so a DST change inside one changes its hours, never its days.
 */
export function resolveDateRange(key: DateRangeKey, now: Date, timeZone: string): ResolvedRange {
  const today = localDay(now, timeZone);
  let start: string;
  let end = today;
  switch (key) {
    case 'today': start = today; break;
    case 'yesterday': start = end = addDays(today, -1); break;
    case 'this_week': start = addDays(today, -weekday(today)); break;
    case 'last_7_days': start = addDays(today, -6); break;
    case 'last_week': start = addDays(today, -weekday(today) - 7); end = addDays(start, 6); break;
    case 'this_month': start = monthStart(today); break;
    case 'last_30_days': start = addDays(today, -29); break;
    case 'last_month': end = addDays(monthStart(today), -1); start = monthStart(end); break;
  }
  const days = daysBetween(start, end);
  return { key, start, end, days, previous: { start: addDays(start, -days), end: addDays(start, -1) } };
}

/** The instant a local day begins in `timeZone` (midnight, or the first hour after a DST gap). */
export function dayStartInstant(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let t = guess;
  // Two corrections settle the offset even when the first guess lands across a DST change.
  for (let i = 0; i < 2; i++) t = guess - offsetMs(new Date(t), timeZone);
  return new Date(t);
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
