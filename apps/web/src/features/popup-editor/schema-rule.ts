import type { FormRule } from 'antd';
import type { z } from 'zod';
import { issueText } from '../../shared/forms/zod-rule.ts';

export type FieldPath = readonly (string | number)[];

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The problems a contract schema finds in a whole form's values, the first per field, keyed by
 * the field's path ("content.texts.en-US.title"). The editors check the whole document rather than
 * each field alone, so rules that look at two fields (a schedule's end after its start) and the
 * schema's defaults behave exactly as on the server.
 */
export function schemaIssues(schema: z.ZodType, values: unknown): Map<string, z.core.$ZodIssue> {
  const found = new Map<string, z.core.$ZodIssue>();
  const result = schema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = pathKey(issue.path);
      if (!found.has(key)) found.set(key, issue);
    }
  }
  return found;
}

/** The sentence for the field at `path`, in the admin's language, or null when it is fine. */
export function fieldProblem(schema: z.ZodType, values: unknown, path: FieldPath): string | null {
  const issue = schemaIssues(schema, values).get(pathKey(path));
  return issue ? issueText(issue) : null;
}

/** The first problem anywhere in the values (for fields the page does not show right now). */
export function firstProblem(schema: z.ZodType, values: unknown): { path: string; message: string } | null {
  const [entry] = schemaIssues(schema, values);
  return entry ? { path: entry[0], message: issueText(entry[1]) } : null;
}

/** An antd rule for the field at `path`, judged by the schema of the whole form. */
export function schemaRule(schema: z.ZodType, path: FieldPath): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = fieldProblem(schema, getFieldsValue(true), path);
      if (problem) throw new Error(problem);
    },
  });
}
