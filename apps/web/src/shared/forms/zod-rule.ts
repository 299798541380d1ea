import { issueMessageKey, issueParams } from '@storecast/contract';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import i18n from '../i18n/i18n.ts';
import { runtimeKey } from '../i18n/translation-key.ts';

/**
 * Form rules come from the contract's zod schemas, whose messages are keys of the `errors`
 * catalogue ("errors.store.nameTooLong"). Translating that key here means the form and the
 * server say exactly the same sentence.
 */
export function translateIssue(message: string): string {
  return message.startsWith('errors.') ? i18n.t(runtimeKey(message)) : message;
}

/**
 * The sentence for one validation issue: the field's own key, or the contract's generic one for
 * its kind ("This field is required.", "At most 200 characters."), never zod's English text.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  return i18n.t(runtimeKey(issueMessageKey(issue)), issueParams(issue));
}

function firstMessage(error: z.ZodError): string | undefined {
  const issue = error.issues[0];
  return issue && issueText(issue);
}

/** An antd rule that validates one field with a field schema, e.g. `zodRule(storeNameSchema)`. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(firstMessage(result.error));
    },
  };
}

/**
 * "Repeat the password": the field must equal another one. The message key comes from the
 * contract (errors.password.mismatch), the same the server's refinement uses.
 */
export function sameAsRule(otherField: string, messageKey: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(otherField)) throw new Error(translateIssue(messageKey));
    },
  });
}

/**
 * Shows the field messages of a validation failure (code 103) on the form's own fields. List
 * positions ("thresholds.0.offer_amount") become numbers, as a Form.List names its fields.
 */
export function showFieldErrors(form: FormInstance, fields: Record<string, string>): void {
  const entries = Object.entries(fields);
  if (entries.length === 0) return;
  form.setFields(entries.map(([path, msg]) => ({ name: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [msg] })));
}
