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

/** Upgrade allowed only when not expired and below the top level. */
export function canUpgrade(v: { vip_service_level: number; is_expire: boolean }): boolean {
  return !v.is_expire && v.vip_service_level < LIMITS.maxMembershipLevel;
}

/**
 * SPEC section 9: upgrade price = upgrade cost - (current cost / its duration in days * days
 * remaining), never below zero. Money in integer minor units.
 */
export function upgradePrice(upgradeCost: number, currentCost: number, currentDays: number, daysRemaining: number): number {
  if (currentDays <= 0) return upgradeCost;
  const credit = Math.floor((currentCost / currentDays) * Math.max(0, daysRemaining));
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
