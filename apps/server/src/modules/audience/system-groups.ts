import { type Locale, type SegmentCondition, translateError } from '@storecast/contract';
import type { SegmentRule } from './compile-segment.ts';

/**
 * System recommended groups: read-only segments every store has, listed before saved ones.
 * Ids are `system:<key>`; names come from the message catalogue in the caller's language.
 */
export interface SystemGroup extends SegmentRule {
  key: string;
  nameKey: string;
}

const group = (key: string, match: 'all' | 'any', conditions: SegmentCondition[]): SystemGroup =>
  ({ key, nameKey: `notices.segment.systemGroup.${key}`, match, conditions });

export const SYSTEM_GROUPS: readonly SystemGroup[] = [
  group('active', 'all', [{ field: 'activity_level', op: 'in', value: ['S', 'A'] }]),
  group('loyal', 'all', [{ field: 'activity_level', op: 'in', value: ['S'] }]),
  group('recentBuyers', 'all', [{ field: 'behavior', event: 'purchased', op: 'did', days: 30 }]),
  group('neverPurchased', 'all', [{ field: 'order_count', op: 'eq', value: 0 }]),
  group('inactive', 'all', [{ field: 'activity_level', op: 'in', value: ['C'] }]),
];

export const SYSTEM_PREFIX = 'system:';

export function isSystemId(id: string): boolean {
  return id.startsWith(SYSTEM_PREFIX);
}

export function findSystemGroup(id: string): SystemGroup | undefined {
  return SYSTEM_GROUPS.find((g) => `${SYSTEM_PREFIX}${g.key}` === id);
}

export function systemGroupName(g: SystemGroup, locale: Locale): string {
  return translateError(locale, g.nameKey);
}
