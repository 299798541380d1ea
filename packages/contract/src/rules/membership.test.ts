import { describe, expect, it } from 'vitest';
import { addMonths, canUpgrade, effectiveLevel, isTopPlan, quotaExpiryWarning, quoteUpgrade, upgradePrice } from './membership.ts';

describe('effectiveLevel', () => {
  it('is 0 without a membership or when it expired', () => {
    expect(effectiveLevel(null)).toBe(0);
    expect(effectiveLevel(undefined)).toBe(0);
    expect(effectiveLevel({ vip_service_level: 2, is_expire: true })).toBe(0);
  });
  it('is the level otherwise', () => expect(effectiveLevel({ vip_service_level: 2, is_expire: false })).toBe(2));
});

describe('isTopPlan and canUpgrade', () => {
  it('level 3 with 12 months is the top plan, with nothing to upgrade to', () => {
    const v = { vip_service_level: 3, current_month_number: 12, is_expire: false };
    expect(isTopPlan(v)).toBe(true);
    expect(canUpgrade(v)).toBe(false);
  });
  it('level 3 with fewer months is not the top plan', () => {
    expect(isTopPlan({ vip_service_level: 3, current_month_number: 11, is_expire: false })).toBe(false);
    expect(canUpgrade({ vip_service_level: 3, current_month_number: 1, is_expire: false })).toBe(true);
  });
  it('an expired plan is never the top plan and cannot be upgraded', () => {
    expect(isTopPlan({ vip_service_level: 3, current_month_number: 12, is_expire: true })).toBe(false);
    expect(canUpgrade({ vip_service_level: 1, current_month_number: 1, is_expire: true })).toBe(false);
  });
  it('levels below 3 can be upgraded', () => {
    for (const level of [0, 1, 2]) expect(canUpgrade({ vip_service_level: level, current_month_number: 12, is_expire: false })).toBe(true);
  });
});

describe('upgradePrice (SPEC section 9)', () => {
  it('subtracts the unused part of the current plan', () => {
    // 3000 over 30 days is 100 a day; 15 days left are worth 1500.
    expect(upgradePrice(10_000, 3000, 30, 15)).toBe(8500);
  });
  it('rounds the credit down to a whole minor unit', () => {
    expect(upgradePrice(10_000, 1000, 3, 1)).toBe(10_000 - 333);
  });
  it('never goes below zero', () => expect(upgradePrice(1000, 30_000, 30, 30)).toBe(0));
  it('gives no credit for a plan without duration or days left', () => {
    expect(upgradePrice(5000, 3000, 0, 10)).toBe(5000);
    expect(upgradePrice(5000, 3000, 30, -4)).toBe(5000);
    expect(upgradePrice(5000, 3000, 30, 0)).toBe(5000);
  });
});

describe('quotaExpiryWarning (SPEC section 8)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is null without a package', () => expect(quotaExpiryWarning(undefined, now, 'UTC')).toBeNull());
  it('says today when it expires later today', () => {
    expect(quotaExpiryWarning('2026-03-10T20:00:00Z', now, 'UTC')).toEqual({ kind: 'today' });
  });
  it('counts calendar days up to 7', () => {
    expect(quotaExpiryWarning('2026-03-11T00:30:00Z', now, 'UTC')).toEqual({ kind: 'days', days: 1 });
    expect(quotaExpiryWarning('2026-03-17T23:59:00Z', now, 'UTC')).toEqual({ kind: 'days', days: 7 });
  });
  it('is null with more than 7 days left, or once expired', () => {
    expect(quotaExpiryWarning('2026-03-18T00:00:00Z', now, 'UTC')).toBeNull();
    expect(quotaExpiryWarning('2026-03-09T23:00:00Z', now, 'UTC')).toBeNull();
  });
  it('counts days in the given time zone', () => {
    // 20:00 UTC is already the next morning in Shanghai (UTC+8), while now is still 20:00 there.
    expect(quotaExpiryWarning('2026-03-10T20:00:00Z', now, 'Asia/Shanghai')).toEqual({ kind: 'days', days: 1 });
    // Late evening in Los Angeles (UTC-7 after the March change): both times fall on the 10th.
    const lateUtc = new Date('2026-03-10T23:00:00Z');
    expect(quotaExpiryWarning('2026-03-11T01:00:00Z', lateUtc, 'UTC')).toEqual({ kind: 'days', days: 1 });
    expect(quotaExpiryWarning('2026-03-11T01:00:00Z', lateUtc, 'America/Los_Angeles')).toEqual({ kind: 'today' });
  });
});

describe('quoteUpgrade, edge cases of a running term (SPEC section 9)', () => {
  const HOUR = 3_600_000;
  // Entry x12 paid 190.00 USD (19000 cents), upgraded to Professional x12 (99000 cents).
  const begin = new Date('2026-03-01T00:00:00Z');
  const end = addMonths(begin, 12);
  const yearly = { paid: 19_000, begin, end };

  it('credits the whole term on its first day (yearly to yearly)', () => {
    expect(quoteUpgrade(yearly, 99_000, begin)).toEqual({ price: 80_000, upgradeCost: 99_000, credit: 19_000, termDays: 365, daysRemaining: 365 });
    expect(quoteUpgrade(yearly, 99_000, new Date(begin.getTime() + HOUR)).price).toBe(80_000);
  });
  it('credits one day on the last day', () => {
    expect(quoteUpgrade(yearly, 99_000, new Date(end.getTime() - HOUR))).toMatchObject({ price: 98_948, credit: 52, daysRemaining: 1 });
  });
  it('credits nothing once the term has ended', () => {
    expect(quoteUpgrade(yearly, 99_000, new Date(end.getTime() + HOUR))).toMatchObject({ price: 99_000, credit: 0, daysRemaining: 0 });
  });
  it('counts 366 days for a year begun in a leap year', () => {
    const leapBegin = new Date('2028-01-15T10:00:00Z');
    const leap = { paid: 19_000, begin: leapBegin, end: addMonths(leapBegin, 12) };
    // 100 days and an hour in: 266 days left (the started day counts), 19000 / 366 * 266 = 13808.7.
    expect(quoteUpgrade(leap, 99_000, new Date(leapBegin.getTime() + 100 * 24 * HOUR + HOUR)))
      .toEqual({ price: 85_192, upgradeCost: 99_000, credit: 13_808, termDays: 366, daysRemaining: 266 });
  });
  it('counts 29 days for a month begun on 1 February of a leap year', () => {
    const feb = new Date('2028-02-01T00:00:00Z');
    expect(quoteUpgrade({ paid: 1_900, begin: feb, end: addMonths(feb, 1) }, 4_900, new Date('2028-02-15T12:00:00Z')))
      .toEqual({ price: 3_918, upgradeCost: 4_900, credit: 982, termDays: 29, daysRemaining: 15 });
  });
});
