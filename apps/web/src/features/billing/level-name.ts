import type { TFunction } from 'i18next';

/** i18n key of a membership level: 0 free, 1 starter, 2 basic, 3 professional. */
const LEVEL_KEYS = ['billing.level.free', 'billing.level.starter', 'billing.level.basic', 'billing.level.professional'] as const;

export function levelNameKey(level: number): (typeof LEVEL_KEYS)[number] {
  return LEVEL_KEYS[level] ?? LEVEL_KEYS[0]!;
}

/** A membership term in words: "1 month", "12 months" (no plural forms in the catalogues). */
export function termLabel(t: TFunction, months: number): string {
  return months === 1 ? t('billingPages.vip.oneMonth') : t('billingPages.vip.months', { num: months });
}
