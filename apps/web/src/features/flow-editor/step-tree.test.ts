import { flowDefinitionSchema, type FlowStep } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { addSmsAfterUnopened, addStep, hasSmsAfterUnopened, moveStep, removeStep, updateStep } from './step-tree.ts';

const tree: FlowStep[] = [
  { key: 'wait-1', type: 'wait', amount: 4, unit: 'hours' },
  { key: 'email-1', type: 'email', title: 'Cart', summary: '', content: null, coupon_id: null },
  { key: 'split-1', type: 'split', condition: 'opened', yes: [], no: [{ key: 'sms-1', type: 'sms', text: 'Hi' }] },
];
const keys = (steps: readonly FlowStep[]): string[] =>
  steps.flatMap((s) => (s.type === 'split' ? [s.key, `[${keys(s.yes).join(',')}]`, `[${keys(s.no).join(',')}]`] : [s.key]));

describe('the step tree', () => {
  it('adds a step after any step, first in a list, or inside a branch, with a key no step has', () => {
    expect(keys(addStep(tree, { split: null, branch: null }, 'wait-1', 'sms').steps)).toEqual(['wait-1', 'sms-2', 'email-1', 'split-1', '[]', '[sms-1]']);
    expect(keys(addStep(tree, { split: null, branch: null }, null, 'wait').steps)[0]).toBe('wait-2');
    const inYes = addStep(tree, { split: 'split-1', branch: 'yes' }, null, 'email');
    expect(keys(inYes.steps)).toEqual(['wait-1', 'email-1', 'split-1', '[email-2]', '[sms-1]']);
    expect(keys(addStep(tree, { split: 'split-1', branch: 'no' }, 'sms-1', 'split').steps)).toEqual(['wait-1', 'email-1', 'split-1', '[]', '[sms-1,split-2,[],[]]']);
    expect(flowDefinitionSchema.safeParse({ steps: inYes.steps }).success).toBe(true);
  });

  it('moves a step within its own list and stops at either end', () => {
    expect(keys(moveStep(tree, 'email-1', -1))).toEqual(['email-1', 'wait-1', 'split-1', '[]', '[sms-1]']);
    expect(keys(moveStep(tree, 'split-1', 1))).toEqual(keys(tree));
    expect(keys(moveStep(tree, 'sms-1', -1))).toEqual(keys(tree));
  });

  it('deletes a step wherever it is, a split with its branches', () => {
    expect(keys(removeStep(tree, 'sms-1'))).toEqual(['wait-1', 'email-1', 'split-1', '[]', '[]']);
    expect(keys(removeStep(tree, 'split-1'))).toEqual(['wait-1', 'email-1']);
  });

  it('edits a step by key and leaves the tree it was given alone', () => {
    const next = updateStep(tree, 'sms-1', { text: 'Bye' });
    expect(next[2]).toMatchObject({ no: [{ text: 'Bye' }] });
    expect(tree[2]).toMatchObject({ no: [{ text: 'Hi' }] });
  });

  it('inserts "wait 6 h, split opened, no: SMS" after an e-mail, once', () => {
    const plain = removeStep(removeStep(tree, 'split-1'), 'wait-1');
    expect(hasSmsAfterUnopened(plain, 'email-1')).toBe(false);
    const { steps } = addSmsAfterUnopened(plain, 'email-1');
    expect(steps).toEqual([
      plain[0],
      { key: 'wait-1', type: 'wait', amount: 6, unit: 'hours' },
      { key: 'split-1', type: 'split', condition: 'opened', yes: [], no: [{ key: 'sms-1', type: 'sms', text: '' }] },
    ]);
    expect(hasSmsAfterUnopened(steps, 'email-1')).toBe(true);
  });
});
