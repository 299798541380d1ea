/** i18n key of a membership level: 0 free, 1 starter, 2 basic, 3 professional. */
const LEVEL_KEYS = ['billing.level.free', 'billing.level.starter', 'billing.level.basic', 'billing.level.professional'];

export function levelNameKey(level: number): string {
  return LEVEL_KEYS[level] ?? LEVEL_KEYS[0]!;
}
