import { LIMITS } from '../limits.ts';

/** SPEC section 4: effective level is 0 when expired or none. */
export function effectiveLevel(v: { vip_service_level: number; is_expire: boolean } | null | undefined): number {
  if (!v || v.is_expire) return 0;
  return v.vip_service_level;
}

/** The top plan (level 3, 12 months, not expired) has nothing to upgrade to. */
export function isTopPlan(v: { vip_service_level: number; current_month_number: number; is_expire: boolean }): boolean {
  return !v.is_expire && v.vip_service_level >= LIMITS.maxMembershipLevel && v.current_month_number >= LIMITS.maxMembershipMonths;
}

/**
 * Upgrade allowed only when not expired and below the top plan (SPEC section 4: the maximum is
 * level 3 with 12 months, so a monthly level 3 may still move to the yearly term).
 */
export function canUpgrade(v: { vip_service_level: number; current_month_number: number; is_expire: boolean }): boolean {
  return !v.is_expire && !isTopPlan(v);
}

/**
 * SPEC section 9: upgrade price = upgrade cost - (current cost / its duration in days * days
 * remaining), never below zero. Money in integer minor units.
 */
export function upgradePrice(upgradeCost: number, currentCost: number, currentDays: number, daysRemaining: number): number {
  if (currentDays <= 0) return upgradeCost;
  // Multiplied before dividing, so no floating-point step can take a unit off an exact credit.
  const credit = Math.floor((currentCost * Math.max(0, daysRemaining)) / currentDays);
  return Math.max(0, upgradeCost - credit);
}

/**
 * SPEC section 8, send quota alert for the earliest-expiring package: 'today' when it expires
 * today, a number of days when 7 or fewer remain, otherwise null. Days count calendar days in
 * the given time zone.
 */
export function quotaExpiryWarning(
  expiredAtIso: string | undefined,
  now: Date,
  timeZone: string,
): { kind: 'today' } | { kind: 'days'; days: number } | null {
  if (!expiredAtIso) return null;
  const day = (d: Date) => {
    const s = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
    return Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10)) / 86_400_000;
  };
  const days = day(new Date(expiredAtIso)) - day(now);
  if (days < 0) return null;
  if (days === 0) return { kind: 'today' };
  if (days <= LIMITS.quotaWarnDays) return { kind: 'days', days };
  return null;
}

const DAY_MS = 86_400_000;

/**
 * The end of a term of `months` calendar months begun at `begin` (UTC): 31 January plus one
 * month ends on the last day of February, and a year begun in a leap year lasts 366 days.
 */
export function addMonths(begin: Date, months: number): Date {
  const y = begin.getUTCFullYear();
  const m = begin.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(begin);
  d.setUTCFullYear(y, m, Math.min(begin.getUTCDate(), lastDay));
  return d;
}

/** Whole days of a term (a started day counts: a term always has at least one). */
export function termDays(begin: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - begin.getTime()) / DAY_MS));
}

/** Whole days left of a term at `now`: a started day counts as left, an ended term has none. */
export function daysRemaining(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** The upgrade quote of SPEC section 9 for a current term and the cost of the term upgraded to. */
export function quoteUpgrade(current: { paid: number; begin: Date; end: Date }, upgradeCost: number, now: Date) {
  const days = termDays(current.begin, current.end);
  const left = Math.min(days, daysRemaining(current.end, now));
  const price = upgradePrice(upgradeCost, current.paid, days, left);
  return { price, upgradeCost, credit: upgradeCost - price, termDays: days, daysRemaining: left };
}

/**
 * Whether (level, months) is an upgrade of the running term: a higher level for a term at least
 * as long, or the same level for a longer term. A shorter term is never an upgrade: its price
 * could fall below the credit of the days left, which would be paid out of nothing.
 */
export function isUpgradeTarget(current: { level: number; months: number }, target: { level: number; months: number }): boolean {
  if (target.months < current.months) return false;
  return target.level > current.level || (target.level === current.level && target.months > current.months);
}
