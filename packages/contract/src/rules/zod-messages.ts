import { z } from 'zod';
import { type Locale, translateError } from '../messages/index.ts';

/**
 * Every schema message a user can meet is a key of the `errors` catalogue. Fields name their own
 * key where a specific sentence helps ("errors.store.nameRequired"); everything else (a missing
 * value, a wrong type, a value too long) falls back to the generic keys chosen here, for every
 * zod schema of the process, so neither the forms nor the server ever show zod's English text.
 */
export function issueKey(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'errors.common.required';
      return issue.expected === 'int' ? 'errors.common.notInteger' : 'errors.common.wrongType';
    case 'too_big':
      if (issue.origin === 'string') return 'errors.common.tooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'errors.common.tooManyItems';
      return 'errors.common.tooLarge';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'errors.common.required' : 'errors.common.tooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'errors.common.tooFewItems';
      return issue.inclusive === false ? 'errors.common.aboveOnly' : 'errors.common.tooSmall';
    case 'invalid_value':
    case 'invalid_union':
      return 'errors.common.choose';
    case 'invalid_format':
      return 'errors.common.format';
    default:
      return 'errors.common.invalid';
  }
}

z.config({ customError: (issue) => issueKey(issue) });

/** Values a message of an issue fills in ("At most {{max}} characters."). */
export function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('minimum' in issue) params.min = Number(issue.minimum);
  return params;
}

/** The issue's message key: its own when it names one, the generic one of its kind otherwise. */
export function issueMessageKey(issue: z.core.$ZodIssue): string {
  return issue.message.startsWith('errors.') ? issue.message : issueKey(issue as z.core.$ZodRawIssue);
}

/** The sentence the user reads for one validation issue, in their language. */
export function translateIssue(locale: Locale, issue: z.core.$ZodIssue): string {
  return translateError(locale, issueMessageKey(issue), issueParams(issue));
}
