import type { Popup, SaveCustomPopupBody } from '@storecast/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { customBody, usePopupDetail, useSavePopup } from './queries.ts';

export const WIZARD_STEPS = ['template', 'content', 'condition'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * Creating a pop-up from a template, then its content and conditions. As in Segment Send, the
 * saved pop-up is the one source of truth: each step saves (switched off until the owner
 * switches it on in the list) and moves on with `?id=`, so a reload loses nothing beyond the step.
 */
export function usePopupWizard() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const detail = usePopupDetail(id);
  const save = useSavePopup();
  const navigate = useNavigate();

  /** Saves the step's changes over the stored pop-up (or a new one) and opens `to`, or stays. */
  const saveAndGo = async (patch: Partial<SaveCustomPopupBody>, to?: WizardStep | 'home'): Promise<Popup> => {
    const base = detail.data ? customBody(detail.data) : null;
    const body = { ...base, ...patch } as SaveCustomPopupBody;
    const saved = await save.mutateAsync(body);
    if (to === 'home') void navigate('/custom-popup');
    else if (to) void navigate(`/custom-popup/${to}?id=${saved.id}`);
    return saved;
  };

  return {
    id,
    detail: detail.data,
    loading: !!id && detail.isPending,
    missing: !!id && detail.isError,
    saving: save.isPending,
    saveAndGo,
    /** Opens another step without saving (the template step saves only when a template is picked). */
    open: (to: WizardStep) => void navigate(`/custom-popup/${to}${id ? `?id=${id}` : ''}`),
  };
}

export type PopupWizard = ReturnType<typeof usePopupWizard>;
