import { campaignBodySchema } from '@storecast/contract';
import type { FormInstance } from 'antd';
import { issueText, showFieldErrors } from '../../shared/forms/zod-rule.ts';
import { type CampaignFormValues, toCampaignBody } from './campaign-form-values.ts';

export type FieldPath = readonly (string | number)[];

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The problems the contract's save schema finds in the editor's values, the first per field,
 * keyed by the field's path ("thresholds.0.offer_amount"), in the admin's language. The whole
 * campaign is judged at once, so the offer rules that look at two fields (an offer below its
 * order amount, odds adding up to 100 %) read exactly as the server would answer.
 */
export function campaignProblems(values: CampaignFormValues): Map<string, string> {
  const found = new Map<string, string>();
  const result = campaignBodySchema.safeParse(toCampaignBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = pathKey(issue.path);
      if (!found.has(key)) found.set(key, issueText(issue));
    }
  }
  return found;
}

/** A rule both a field and a list (Form.List) take. */
export type CampaignRule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** Rules for the field (or list) at `path`, judged by the schema of the whole campaign. */
export function campaignRule(form: FormInstance<CampaignFormValues>, path: FieldPath): CampaignRule[] {
  return [{
    validator: async () => {
      const problem = campaignProblems(form.getFieldsValue(true) as CampaignFormValues).get(pathKey(path));
      if (problem) throw new Error(problem);
    },
  }];
}

/** Marks the fields a refused save names (code 103: "campaign.thresholds.0.offer_amount") on the editor's own fields. */
export function markServerFields(form: FormInstance<CampaignFormValues>, fields: Record<string, string>): void {
  showFieldErrors(form, Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^campaign\./, ''), message])));
}
