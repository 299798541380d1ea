import { authRoutes, popupRoutes } from '@storecast/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';

/**
 * Hides a pop-up menu entry (guide state 2, SPEC section 2). The session user is asked again
 * before leaving, so the top bar drops the entry at once.
 */
export function HideMenuButton({ flag }: { flag: 'subscribe_popup' | 'popup_strategy' }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const hide = useApiMutation(popupRoutes.saveGuide, {
    invalidates: [authRoutes.info, popupRoutes.guide],
    onSuccess: () => {
      toastSuccess(t('popup.hidden'));
      void navigate('/dashboard');
    },
  });
  return (
    <Button
      onClick={() => modal.confirm({ title: t('popup.hideMenuConfirm'), onOk: () => hide.mutateAsync({ [flag]: 2 }) })}
      data-testid="popup-hide-menu"
    >
      {t('popup.hideMenu')}
    </Button>
  );
}
