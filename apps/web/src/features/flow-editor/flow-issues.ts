import { flowDefinitionSchema, type FlowDefinition, type FlowStep } from '@storecast/contract';
import type { z } from 'zod';
import { issueText } from '../../shared/forms/zod-rule.ts';

type Issue = z.core.$ZodIssue;

/**
 * The contract's problems with a draft, placed where the user fixes them. They are kept as
 * issues and worded when shown (`issueText`), so they read in the language on screen.
 */
export interface FlowIssues {
  /** By step key, then by field (`amount`, `title`, `text`, ...; '' for the step as a whole). */
  steps: Map<string, Map<string, Issue>>;
  /** Fields of the flow itself (`win_back_days`, `utm.campaign`) and problems of the whole tree (`steps`). */
  flow: Map<string, Issue>;
  count: number;
}

/** The sentence for an issue, through the shared form rule: what the server would say. */
export function problemText(issue: Issue | undefined): string | undefined {
  return issue && issueText(issue);
}

/** The step a zod path inside `steps` leads to, and the rest of the path. */
function stepAt(steps: readonly FlowStep[], path: readonly PropertyKey[]): { step: FlowStep; rest: PropertyKey[] } | null {
  const [index, ...rest] = path;
  const step = typeof index === 'number' ? steps[index] : undefined;
  if (!step) return null;
  const [field] = rest;
  if (step.type === 'split' && (field === 'yes' || field === 'no') && rest.length > 1) return stepAt(step[field], rest.slice(1)) ?? { step, rest };
  return { step, rest };
}

/** Checks the draft with the contract's `flowDefinitionSchema`, the one the server saves with. */
export function flowIssues(draft: FlowDefinition): FlowIssues {
  const result = flowDefinitionSchema.safeParse(draft);
  const issues: FlowIssues = { steps: new Map(), flow: new Map(), count: 0 };
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const [head, ...path] = issue.path;
    const found = head === 'steps' && path.length > 0 ? stepAt(draft.steps, path) : null;
    if (found) {
      const byField = issues.steps.get(found.step.key) ?? new Map<string, Issue>();
      const field = found.rest.filter((p) => typeof p === 'string').join('.');
      if (!byField.has(field)) byField.set(field, issue);
      issues.steps.set(found.step.key, byField);
    } else {
      const field = issue.path.filter((p) => typeof p === 'string').join('.');
      if (!issues.flow.has(field)) issues.flow.set(field, issue);
    }
    issues.count += 1;
  }
  return issues;
}
