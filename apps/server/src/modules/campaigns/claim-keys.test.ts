import { describe, expect, it } from 'vitest';
import { periodKey } from './claim-keys.ts';

describe('the period a draw counts in', () => {
  // 17:30 UTC on Sunday 6 December is 01:30 on Monday 7 December in Shanghai.
  const late = new Date('2026-12-06T17:30:00Z');

  it('is the store\'s day, not UTC\'s', () => {
    expect(periodKey('day', late, 'Asia/Shanghai')).toBe('2026-12-07');
    expect(periodKey('day', late, 'UTC')).toBe('2026-12-06');
    expect(periodKey('day', new Date('2026-12-07T04:59:00Z'), 'America/New_York')).toBe('2026-12-06');
  });

  it('starts a week on the store\'s Monday', () => {
    expect(periodKey('week', late, 'Asia/Shanghai')).toBe('w:2026-12-07');
    expect(periodKey('week', late, 'UTC')).toBe('w:2026-11-30');
    // A Sunday stays in the week that began six days before, across a change of clocks (US DST ends 1 November).
    expect(periodKey('week', new Date('2026-11-08T12:00:00Z'), 'America/New_York')).toBe('w:2026-11-02');
    expect(periodKey('week', new Date('2026-11-02T12:00:00Z'), 'America/New_York')).toBe('w:2026-11-02');
  });

  it('is one period for the campaign\'s whole life when the owner chose once', () => {
    expect(periodKey('once', late, 'Asia/Shanghai')).toBe('once');
  });
});
