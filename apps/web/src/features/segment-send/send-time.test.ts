import { describe, expect, it } from 'vitest';
import { earliestSendAt, passedInSomeZones, sendTimeProblem, toWallTime, wallTimeToInstant, zoneOffsetMinutes } from './send-time.ts';

const at = (iso: string) => new Date(iso).getTime();

describe('send time', () => {
  it('converts wall-clock time in the store zone to an instant and back', () => {
    const w = { year: 2026, month: 11, day: 23, hour: 9, minute: 30 };
    expect(new Date(wallTimeToInstant(w, 'Asia/Shanghai')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(new Date(wallTimeToInstant(w, 'America/New_York')).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(toWallTime(at('2026-11-23T01:30:00Z'), 'Asia/Shanghai')).toEqual(w);
    expect(zoneOffsetMinutes(at('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBe(120);
    expect(zoneOffsetMinutes(at('2026-12-01T12:00:00Z'), 'Europe/Paris')).toBe(60);
  });

  it('keeps daylight-saving days right', () => {
    // New York moves to summer time on 2026-03-08 at 02:00; 03:30 that day is UTC-4.
    const w = { year: 2026, month: 3, day: 8, hour: 3, minute: 30 };
    expect(new Date(wallTimeToInstant(w, 'America/New_York')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('asks for at least an hour ahead', () => {
    const now = at('2026-11-22T10:00:00Z');
    expect(earliestSendAt(now)).toBe(at('2026-11-22T11:00:00Z'));
    expect(sendTimeProblem(at('2026-11-22T10:59:00Z'), now)).toBe('errors.strategy.sendAtTooSoon');
    expect(sendTimeProblem(at('2026-11-22T09:00:00Z'), now)).toBe('errors.strategy.sendAtTooSoon');
    expect(sendTimeProblem(at('2026-11-22T11:00:00Z'), now)).toBeNull();
    expect(sendTimeProblem(null, now)).toBe('errors.strategy.sendAtRequired');
  });

  it('warns when the chosen time has already passed in some time zones', () => {
    const now = at('2026-11-22T10:00:00Z'); // 2026-11-23 00:00 in Kiribati (UTC+14)
    // 18:00 on the 22nd in Shanghai is 10:00 UTC + 8 h ahead, but in UTC+14 the 22nd is over.
    expect(passedInSomeZones({ year: 2026, month: 11, day: 22, hour: 23, minute: 0 }, now)).toBe(true);
    expect(passedInSomeZones({ year: 2026, month: 11, day: 23, hour: 0, minute: 0 }, now)).toBe(true);
    expect(passedInSomeZones({ year: 2026, month: 11, day: 23, hour: 0, minute: 1 }, now)).toBe(false);
    expect(passedInSomeZones({ year: 2026, month: 11, day: 24, hour: 9, minute: 0 }, now)).toBe(false);
  });
});
