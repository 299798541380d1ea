import type { StrategyBody, StrategyDetail } from '@storecast/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { toBody, useSaveStrategy, useStrategyDetail } from './queries.ts';

export const WIZARD_STEPS = ['setting', 'template', 'content', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const NEW_STRATEGY: StrategyBody = {
  name: '', title: '', summary: '', segment_ids: [], utm: { source: 'storecast', medium: 'email', campaign: '' },
  coupon_id: null, content: null, send_mode: 'draft', send_at: null,
};

/**
 * The wizard's one source of truth is the saved draft: each step saves what it changed as a
 * draft and moves on with `?id=` in the URL, so a reload, the back button or a closed tab
 * loses nothing beyond the step being edited.
 */
export function useWizard() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const detail = useStrategyDetail(id);
  const save = useSaveStrategy();
  const navigate = useNavigate();

  /** Saves the step's changes as a draft and opens `to` (or stays, updating `?id=`). */
  const saveAndGo = async (patch: Partial<StrategyBody>, to?: WizardStep | 'home'): Promise<StrategyDetail> => {
    const base = detail.data ? toBody(detail.data) : NEW_STRATEGY;
    const saved = await save.mutateAsync({ ...base, ...patch, send_mode: 'draft' });
    if (to === 'home') void navigate('/tags');
    else void navigate(`/tags/${to ?? currentStep()}?id=${saved.id}`, { replace: !to });
    return saved;
  };

  /** Sends or schedules: the last step's save with the chosen mode. */
  const submit = async (patch: Partial<StrategyBody>): Promise<StrategyDetail> => {
    const base = detail.data ? toBody(detail.data) : NEW_STRATEGY;
    return save.mutateAsync({ ...base, ...patch });
  };

  return {
    id,
    detail: detail.data,
    loading: !!id && detail.isPending,
    missing: !!id && detail.isError,
    saving: save.isPending,
    saveAndGo,
    submit,
  };
}

function currentStep(): WizardStep {
  const last = window.location.pathname.split('/').pop() as WizardStep;
  return WIZARD_STEPS.includes(last) ? last : 'setting';
}
