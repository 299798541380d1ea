import { describe, expect, it } from 'vitest';
import {
  CONDITION_FIELDS, conditionProblem, conditionValid, defaultCondition, operatorsFor, ruleValid, toMajor, toMinor, withOperator,
} from './condition-model.ts';

describe('condition model', () => {
  it('offers the contract operators per field', () => {
    expect(operatorsFor('email')).toEqual(['eq', 'neq', 'contains', 'not_contains', 'is_set', 'is_not_set']);
    expect(operatorsFor('attribute')).toContain('gt');
    expect(operatorsFor('activity_level')).toEqual(['in', 'not_in']);
    expect(operatorsFor('total_spent')).toEqual(['eq', 'gt', 'gte', 'lt', 'lte']);
    expect(operatorsFor('subscribed_at')).toEqual(['within_days', 'before_days']);
    expect(operatorsFor('tag')).toEqual(['has', 'not_has']);
    expect(operatorsFor('behavior')).toEqual(['did', 'did_not']);
  });

  it('gives every field a default whose operator is one of its own', () => {
    for (const field of CONDITION_FIELDS) {
      const c = defaultCondition(field);
      expect(c.field).toBe(field);
      expect(operatorsFor(field)).toContain(c.op);
    }
  });

  it('starts rows that need a choice as incomplete, and the others as complete', () => {
    expect(conditionProblem(defaultCondition('email'))).toBe('errors.segment.incomplete');
    expect(conditionValid(defaultCondition('tag'))).toBe(false);
    expect(conditionValid(defaultCondition('attribute'))).toBe(false);
    for (const f of ['status', 'activity_level', 'order_count', 'total_spent', 'last_order_at', 'subscribed_at', 'behavior'] as const) {
      expect(conditionValid(defaultCondition(f))).toBe(true);
    }
  });

  it('checks values with the contract rules', () => {
    expect(conditionValid({ field: 'email', op: 'contains', value: '@gmail' })).toBe(true);
    expect(conditionValid({ field: 'email', op: 'is_set' })).toBe(true);
    expect(conditionValid({ field: 'email', op: 'eq', value: '   ' })).toBe(false);
    expect(conditionProblem({ field: 'order_count', op: 'gt', value: -1 })).toBe('errors.segment.number');
    expect(conditionProblem({ field: 'subscribed_at', op: 'within_days', value: 0 })).toBe('errors.segment.number');
    expect(conditionValid({ field: 'activity_level', op: 'in', value: [] })).toBe(false);
    expect(conditionValid({ field: 'tag', op: 'has', value: 3 })).toBe(true);
    expect(conditionValid({ field: 'attribute', key: 'city', op: 'eq', value: 'Paris' })).toBe(true);
    expect(conditionValid({ field: 'behavior', event: 'purchased', op: 'did_not', days: 90, subject: 'tea-1' })).toBe(true);
  });

  it('drops a value that no longer fits the operator', () => {
    const text = withOperator({ field: 'email', op: 'eq', value: 'a@b.c' }, 'is_set');
    expect(text).toEqual({ field: 'email', op: 'is_set', value: undefined });
    const attr = withOperator({ field: 'attribute', key: 'age', op: 'eq', value: 'x' }, 'gt');
    expect(attr).toEqual({ field: 'attribute', key: 'age', op: 'gt', value: undefined });
    const kept = withOperator({ field: 'attribute', key: 'age', op: 'eq', value: 'x' }, 'contains');
    expect(kept).toMatchObject({ value: 'x' });
  });

  it('validates a whole rule: at least one complete condition', () => {
    expect(ruleValid('all', [])).toBe(false);
    expect(ruleValid('any', [defaultCondition('status')])).toBe(true);
    expect(ruleValid('all', [defaultCondition('status'), defaultCondition('tag')])).toBe(false);
  });

  it('converts money between major and minor units', () => {
    expect(toMinor(12.34, 2)).toBe(1234);
    expect(toMinor(500, 0)).toBe(500);
    expect(toMajor(1234, 2)).toBe(12.34);
  });
});
