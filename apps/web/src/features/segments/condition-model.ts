import {
  ACTIVITY_LEVELS, BEHAVIOURS, segmentConditionSchema, segmentRuleSchema, SUBSCRIBER_STATUSES,
  type SegmentCondition,
} from '@storecast/contract';
import { runtimeKey, type TranslationKey } from '../../shared/i18n/translation-key.ts';

/**
 * The segment builder's logic, kept free of React so it can be tested: which fields exist, which
 * operators each accepts, what a fresh row looks like, and whether a row or a whole rule is
 * complete. Everything is derived from the contract's condition union, so the builder cannot
 * produce a condition the server would refuse.
 */
export type ConditionField = SegmentCondition['field'];

/** How the value of a field is entered; the condition row picks its input from this. */
export type ValueKind = 'text' | 'status' | 'attribute' | 'level' | 'number' | 'money' | 'days' | 'tag' | 'behavior';

const TEXT_FIELDS = ['email', 'phone', 'first_name', 'last_name', 'source'] as const;

export const FIELD_KINDS: Record<ConditionField, ValueKind> = {
  email: 'text', phone: 'text', first_name: 'text', last_name: 'text', source: 'text',
  status: 'status',
  attribute: 'attribute',
  activity_level: 'level',
  order_count: 'number',
  total_spent: 'money',
  last_order_at: 'days',
  subscribed_at: 'days',
  tag: 'tag',
  behavior: 'behavior',
};

/** Fields in the order the field select lists them. */
export const CONDITION_FIELDS = Object.keys(FIELD_KINDS) as ConditionField[];

const TEXT_OPS = ['eq', 'neq', 'contains', 'not_contains', 'is_set', 'is_not_set'] as const;
/** Every operator a condition row can hold. */
export type ConditionOp = SegmentCondition['op'];

const OPS: Record<ValueKind, readonly ConditionOp[]> = {
  text: TEXT_OPS,
  status: ['in', 'not_in'],
  attribute: ['eq', 'neq', 'contains', 'gt', 'lt', 'is_set', 'is_not_set'],
  level: ['in', 'not_in'],
  number: ['eq', 'gt', 'gte', 'lt', 'lte'],
  money: ['eq', 'gt', 'gte', 'lt', 'lte'],
  days: ['within_days', 'before_days'],
  tag: ['has', 'not_has'],
  behavior: ['did', 'did_not'],
};

export function operatorsFor(field: ConditionField): readonly ConditionOp[] {
  return OPS[FIELD_KINDS[field]];
}

/** "Is set" and "is not set" need no value; every other operator does. */
export function opTakesValue(op: string): boolean {
  return op !== 'is_set' && op !== 'is_not_set';
}

/** An attribute compared with greater/less than is a number; otherwise it is text. */
export function attributeValueIsNumber(op: string): boolean {
  return op === 'gt' || op === 'lt';
}

/**
 * A fresh row for a field. Values the user must choose (text, tag) start empty, so the row is
 * incomplete until they do; sensible numbers (30 days, 0 orders) start filled in.
 */
export function defaultCondition(field: ConditionField): SegmentCondition {
  switch (FIELD_KINDS[field]) {
    case 'text':
      return { field: field as (typeof TEXT_FIELDS)[number], op: 'eq', value: undefined };
    case 'status':
      return { field: 'status', op: 'in', value: ['subscribed'] };
    case 'attribute':
      return { field: 'attribute', key: '', op: 'eq', value: undefined };
    case 'level':
      return { field: 'activity_level', op: 'in', value: ['S', 'A'] };
    case 'number':
    case 'money':
      return { field: field as 'order_count' | 'total_spent', op: 'gte', value: 1 };
    case 'days':
      return { field: field as 'last_order_at' | 'subscribed_at', op: 'within_days', value: 30 };
    case 'tag':
      // 0 is not a tag id: the row stays incomplete until a tag is picked.
      return { field: 'tag', op: 'has', value: 0 };
    case 'behavior':
      return { field: 'behavior', event: 'opened', op: 'did', days: 30 };
  }
}

/**
 * Changes the operator of a row, keeping the value when it still fits: switching an attribute
 * between "contains" and "greater than" changes the value's type, so the value is dropped.
 */
export function withOperator(c: SegmentCondition, op: string): SegmentCondition {
  const next = { ...c, op } as SegmentCondition;
  if (c.field === 'attribute' || (TEXT_FIELDS as readonly string[]).includes(c.field)) {
    const row = next as { value?: unknown };
    if (!opTakesValue(op)) row.value = undefined;
    else if (c.field === 'attribute' && attributeValueIsNumber(op) !== attributeValueIsNumber(c.op)) row.value = undefined;
  }
  return next;
}

/** The contract's message key of the first problem of a row, or null when it is complete. */
export function conditionProblem(c: SegmentCondition): TranslationKey | null {
  const result = segmentConditionSchema.safeParse(c);
  if (result.success) return null;
  const key = result.error.issues[0]?.message;
  return key ? runtimeKey(key) : 'errors.segment.incomplete';
}

export function conditionValid(c: SegmentCondition): boolean {
  return conditionProblem(c) === null;
}

/** Whether the whole rule would be accepted by /segment/count and /segment/save. */
export function ruleValid(match: 'all' | 'any', conditions: SegmentCondition[]): boolean {
  return segmentRuleSchema.safeParse({ match, conditions }).success;
}

/** Money is stored in minor units; the builder shows the store currency's major units. */
export function toMinor(major: number, decimals: number): number {
  return Math.round(major * 10 ** decimals);
}

export function toMajor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

export const LEVEL_OPTIONS = ACTIVITY_LEVELS;
export const STATUS_OPTIONS = SUBSCRIBER_STATUSES;
export const BEHAVIOUR_OPTIONS = BEHAVIOURS;
/** Behaviours that can name a product: "purchased product X", "viewed product X". */
export function behaviourTakesProduct(event: string): boolean {
  return event === 'purchased' || event === 'viewed_product';
}
