import { SMS_AFTER_UNOPENED_HOURS, type FlowStep, type FlowStepType, walkSteps } from '@storecast/contract';

/**
 * Edits of a flow's step tree. Step keys are unique across the tree (the contract refuses
 * repeats), so a step is addressed by its key; a list is the top level or one branch of a split.
 * Every function returns a new tree and leaves the one it was given alone.
 */
export interface ListRef {
  /** The split whose branch this is; null for the top level. */
  split: string | null;
  branch: 'yes' | 'no' | null;
}

export const TOP: ListRef = { split: null, branch: null };

/** A key no step of the tree has yet: `sms-3`, within the contract's 24 characters. */
export function newKey(steps: readonly FlowStep[], type: FlowStepType, taken: Set<string> = new Set()): string {
  const used = new Set([...walkSteps(steps).map((s) => s.step.key), ...taken]);
  let n = 1;
  while (used.has(`${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

export function createStep(type: FlowStepType, key: string): FlowStep {
  switch (type) {
    case 'wait': return { key, type, amount: 1, unit: 'days' };
    case 'email': return { key, type, title: '', summary: '', content: null, coupon_id: null };
    case 'sms': return { key, type, text: '' };
    case 'split': return { key, type, condition: 'opened', yes: [], no: [] };
  }
}

/** Applies `edit` to the list `ref` names, wherever it is in the tree. */
function editList(steps: readonly FlowStep[], ref: ListRef, edit: (list: FlowStep[]) => FlowStep[]): FlowStep[] {
  if (ref.split === null) return edit([...steps]);
  return steps.map((step) => {
    if (step.type !== 'split') return step;
    if (step.key === ref.split && ref.branch) return { ...step, [ref.branch]: edit([...step[ref.branch]]) };
    return { ...step, yes: editList(step.yes, ref, edit), no: editList(step.no, ref, edit) };
  });
}

/** The list holding the step, and where in it. */
export function locate(steps: readonly FlowStep[], key: string, ref: ListRef = TOP): { ref: ListRef; index: number; list: readonly FlowStep[] } | null {
  const index = steps.findIndex((s) => s.key === key);
  if (index >= 0) return { ref, index, list: steps };
  for (const step of steps) {
    if (step.type !== 'split') continue;
    const found = locate(step.yes, key, { split: step.key, branch: 'yes' }) ?? locate(step.no, key, { split: step.key, branch: 'no' });
    if (found) return found;
  }
  return null;
}

export function insertSteps(steps: readonly FlowStep[], ref: ListRef, index: number, added: FlowStep[]): FlowStep[] {
  return editList(steps, ref, (list) => {
    list.splice(index, 0, ...added);
    return list;
  });
}

/** A new step of `type` right after the step `afterKey`, or first in the list when null. */
export function addStep(steps: readonly FlowStep[], ref: ListRef, afterKey: string | null, type: FlowStepType): { steps: FlowStep[]; key: string } {
  const key = newKey(steps, type);
  const after = afterKey === null ? -1 : (locate(steps, afterKey)?.index ?? -1);
  return { steps: insertSteps(steps, ref, after + 1, [createStep(type, key)]), key };
}

export function removeStep(steps: readonly FlowStep[], key: string): FlowStep[] {
  const at = locate(steps, key);
  if (!at) return [...steps];
  return editList(steps, at.ref, (list) => list.filter((s) => s.key !== key));
}

/** Moves a step one place up or down within its own list; at either end it stays. */
export function moveStep(steps: readonly FlowStep[], key: string, dir: -1 | 1): FlowStep[] {
  const at = locate(steps, key);
  if (!at) return [...steps];
  const to = at.index + dir;
  if (to < 0 || to >= at.list.length) return [...steps];
  return editList(steps, at.ref, (list) => {
    const [step] = list.splice(at.index, 1);
    list.splice(to, 0, step!);
    return list;
  });
}

export function updateStep<S extends FlowStep>(steps: readonly FlowStep[], key: string, patch: Partial<Omit<S, 'key' | 'type'>>): FlowStep[] {
  const at = locate(steps, key);
  if (!at) return [...steps];
  return editList(steps, at.ref, (list) => list.map((s) => (s.key === key ? ({ ...s, ...patch } as FlowStep) : s)));
}

/**
 * SPEC section 9, "an SMS when the e-mail is still unopened after 6 hours": after the step
 * `afterKey`, a 6-hour wait and a split on "opened" whose "no" branch sends an SMS.
 */
export function addSmsAfterUnopened(steps: readonly FlowStep[], afterKey: string): { steps: FlowStep[]; key: string } {
  const at = locate(steps, afterKey);
  if (!at) return { steps: [...steps], key: '' };
  const waitKey = newKey(steps, 'wait');
  const splitKey = newKey(steps, 'split');
  const smsKey = newKey(steps, 'sms');
  const added: FlowStep[] = [
    { key: waitKey, type: 'wait', amount: SMS_AFTER_UNOPENED_HOURS, unit: 'hours' },
    { key: splitKey, type: 'split', condition: 'opened', yes: [], no: [{ key: smsKey, type: 'sms', text: '' }] },
  ];
  return { steps: insertSteps(steps, at.ref, at.index + 1, added), key: smsKey };
}

/** Whether the step is already followed by the "SMS after 6 hours unopened" pair. */
export function hasSmsAfterUnopened(steps: readonly FlowStep[], key: string): boolean {
  const at = locate(steps, key);
  if (!at) return false;
  const [wait, split] = at.list.slice(at.index + 1, at.index + 3);
  return wait?.type === 'wait' && split?.type === 'split' && split.condition === 'opened' && split.no.some((s) => s.type === 'sms');
}
