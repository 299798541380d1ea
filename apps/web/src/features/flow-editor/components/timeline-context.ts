import type { AutomationSettings, CouponPreset, FlowStep } from '@storecast/contract';
import { createContext, use } from 'react';
import { problemText, type FlowIssues } from '../flow-issues.ts';

/**
 * What every step card of the tree needs: the whole tree (edits are made on it by key), the
 * contract's problems per step, and what the page knows of the store. Handed down once rather
 * than through every level of nested branches.
 */
export interface TimelineValue {
  steps: readonly FlowStep[];
  change: (next: FlowStep[]) => void;
  issues: FlowIssues['steps'];
  couponPresets: readonly CouponPreset[] | undefined;
  quietHours: AutomationSettings['sms_quiet_hours'] | undefined;
  /** Opens the block editor on an e-mail step's content. */
  editContent: (key: string) => void;
  /** A "write it for me" control for an e-mail or SMS step, when the page has one. */
  writer?: (step: FlowStep) => React.ReactNode;
}

export const TimelineContext = createContext<TimelineValue | null>(null);

export function useTimeline(): TimelineValue {
  const value = use(TimelineContext);
  if (!value) throw new Error('useTimeline outside StepTimeline');
  return value;
}

/** The problem the contract has with one field of a step, if any, in the language on screen. */
export function useFieldIssue(key: string, field: string): string | undefined {
  return problemText(useTimeline().issues.get(key)?.get(field));
}
