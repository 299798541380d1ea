import { describe, expect, it } from 'vitest';
import { DATE_RANGE_KEYS, dayStartInstant, eachDay, localDay, resolveDateRange } from './date-ranges.ts';

const LA = 'America/Los_Angeles';
const SH = 'Asia/Shanghai';

const table = (now: Date, tz: string) =>
  Object.fromEntries(DATE_RANGE_KEYS.map((k) => {
    const r = resolveDateRange(k, now, tz);
    return [k, [r.start, r.end, r.previous.start, r.previous.end]];
  }));

describe('date ranges', () => {
  it('resolves the eight ranges in Los Angeles two days after the spring DST change (Tuesday 2026-03-10)', () => {
    expect(table(new Date('2026-03-10T18:00:00Z'), LA)).toEqual({
      today: ['2026-03-10', '2026-03-10', '2026-03-09', '2026-03-09'],
      yesterday: ['2026-03-09', '2026-03-09', '2026-03-08', '2026-03-08'],
      this_week: ['2026-03-09', '2026-03-10', '2026-03-07', '2026-03-08'],
      last_7_days: ['2026-03-04', '2026-03-10', '2026-02-25', '2026-03-03'],
      last_week: ['2026-03-02', '2026-03-08', '2026-02-23', '2026-03-01'],
      this_month: ['2026-03-01', '2026-03-10', '2026-02-19', '2026-02-28'],
      last_30_days: ['2026-02-09', '2026-03-10', '2026-01-10', '2026-02-08'],
      last_month: ['2026-02-01', '2026-02-28', '2026-01-04', '2026-01-31'],
    });
  });

  it('resolves the same instant in Shanghai, already Wednesday 2026-03-11', () => {
    expect(table(new Date('2026-03-10T18:00:00Z'), SH)).toEqual({
      today: ['2026-03-11', '2026-03-11', '2026-03-10', '2026-03-10'],
      yesterday: ['2026-03-10', '2026-03-10', '2026-03-09', '2026-03-09'],
      this_week: ['2026-03-09', '2026-03-11', '2026-03-06', '2026-03-08'],
      last_7_days: ['2026-03-05', '2026-03-11', '2026-02-26', '2026-03-04'],
      last_week: ['2026-03-02', '2026-03-08', '2026-02-23', '2026-03-01'],
      this_month: ['2026-03-01', '2026-03-11', '2026-02-18', '2026-02-28'],
      last_30_days: ['2026-02-10', '2026-03-11', '2026-01-11', '2026-02-09'],
      last_month: ['2026-02-01', '2026-02-28', '2026-01-04', '2026-01-31'],
    });
  });

  it('takes the day after the spring change by the new offset: 07:30Z on 2026-03-09 is 00:30 PDT, not 23:30 PST', () => {
    const now = new Date('2026-03-09T07:30:00Z');
    expect(localDay(now, LA)).toBe('2026-03-09');
    expect(resolveDateRange('yesterday', now, LA)).toMatchObject({ start: '2026-03-08', end: '2026-03-08', days: 1 });
    // The week with the 23-hour day still has 7 days.
    expect(resolveDateRange('last_week', new Date('2026-03-16T20:00:00Z'), LA)).toMatchObject({ start: '2026-03-09', end: '2026-03-15', days: 7 });
    expect(resolveDateRange('this_week', now, LA)).toMatchObject({ start: '2026-03-09', end: '2026-03-09' });
  });

  it('resolves ranges across the autumn change (2026-11-01, a Sunday) in both zones', () => {
    const now = new Date('2026-11-02T07:30:00Z'); // 23:30 PST on Sunday 11-01; 15:30 on Monday 11-02 in Shanghai
    expect(resolveDateRange('today', now, LA)).toMatchObject({ start: '2026-11-01', end: '2026-11-01' });
    expect(resolveDateRange('this_week', now, LA)).toMatchObject({ start: '2026-10-26', end: '2026-11-01', days: 7,
      previous: { start: '2026-10-19', end: '2026-10-25' } });
    expect(resolveDateRange('this_week', now, SH)).toMatchObject({ start: '2026-11-02', end: '2026-11-02', previous: { start: '2026-11-01', end: '2026-11-01' } });
    expect(resolveDateRange('last_month', now, LA)).toMatchObject({ start: '2026-10-01', end: '2026-10-31', days: 31,
      previous: { start: '2026-08-31', end: '2026-09-30' } });
    expect(resolveDateRange('this_month', now, SH)).toMatchObject({ start: '2026-11-01', end: '2026-11-02', previous: { start: '2026-10-30', end: '2026-10-31' } });
  });

  it('finds the instant a local day starts, before and after a DST change', () => {
    expect(dayStartInstant('2026-03-08', LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(dayStartInstant('2026-03-09', LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(dayStartInstant('2026-11-01', LA).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(dayStartInstant('2026-11-02', LA).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(dayStartInstant('2026-03-09', SH).toISOString()).toBe('2026-03-08T16:00:00.000Z');
  });

  it('lists every day of a range', () => {
    expect(eachDay({ start: '2026-02-27', end: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
