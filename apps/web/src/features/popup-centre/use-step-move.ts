import type { SaveCustomPopupBody } from '@storecast/contract';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import type { PopupWizard, WizardStep } from './use-popup-wizard.ts';

/**
 * Leaving a wizard step: check the step's form, save it over the pop-up and open `to`; the
 * server's field messages land on the form when the save is refused.
 */
export function useStepMove(
  wizard: PopupWizard,
  collect: () => Promise<Partial<SaveCustomPopupBody> | null>,
  showServerErrors: (e: unknown) => void,
) {
  const { t } = useTranslation();
  return async (to: WizardStep | 'home') => {
    const values = await collect();
    if (!values) return;
    try {
      await wizard.saveAndGo(values, to);
      if (to === 'home') toastSuccess(t('popup.saved'));
    } catch (e) {
      showServerErrors(e);
    }
  };
}
