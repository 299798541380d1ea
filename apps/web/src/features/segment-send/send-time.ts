import { LIMITS } from '@storecast/contract';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';

/**
 * Send-time rules of the confirm step. The date-time picker shows wall-clock time in the
 * store's time zone (not the browser's), so these helpers convert between a wall-clock time in
 * a named zone and an instant with nothing but Intl.
 */
export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Shanghai: 480). */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const w = toWallTime(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/** The wall-clock time an instant shows in a zone. */
export function toWallTime(instantMs: number, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
  }).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/**
 * The instant at which a zone's clocks show the wall-clock time. Two passes settle the offset
 * around daylight-saving changes; a time skipped by a change moves forward with the clocks.
 */
export function wallTimeToInstant(w: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const first = asUtc - zoneOffsetMinutes(asUtc, timeZone) * 60_000;
  return asUtc - zoneOffsetMinutes(first, timeZone) * 60_000;
}

/** The earliest time a scheduled send may use: an hour from now (SPEC sections 5 and 9). */
export function earliestSendAt(nowMs: number): number {
  return nowMs + LIMITS.sendAheadMinMs;
}

/** The message key that refuses a scheduled time, or null when it is fine. */
export function sendTimeProblem(instantMs: number | null, nowMs: number): TranslationKey | null {
  if (instantMs === null || Number.isNaN(instantMs)) return 'errors.strategy.sendAtRequired';
  if (instantMs < earliestSendAt(nowMs)) return 'errors.strategy.sendAtTooSoon';
  return null;
}

/** The zone furthest ahead of UTC (Kiribati, UTC+14): the first place any wall-clock time comes. */
const EARLIEST_ZONE_OFFSET_MIN = 14 * 60;

/**
 * SPEC's warning "send time passed in some time zones": read as a local time for every
 * recipient, the chosen wall-clock time has already gone by where the clocks run furthest
 * ahead, so some recipients would get the e-mail later than the time the store chose.
 */
export function passedInSomeZones(w: WallTime, nowMs: number): boolean {
  const inEarliestZone = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - EARLIEST_ZONE_OFFSET_MIN * 60_000;
  return inEarliestZone <= nowMs;
}
