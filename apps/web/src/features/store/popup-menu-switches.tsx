import { authRoutes, popupRoutes } from '@storecast/contract';
import { Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { useSessionUser } from '../../shared/session/queries.ts';

type GuideFlag = 'subscribe_popup' | 'popup_strategy';

/**
 * The way back for a pop-up menu entry its page hid (guide state 2, SPEC section 2): a switch per
 * entry, saved at once; the session user is asked again so the top bar follows.
 */
export function PopupMenuSwitches() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const save = useApiMutation(popupRoutes.saveGuide, { invalidates: [authRoutes.info, popupRoutes.guide] });
  if (!user) return null;
  const row = (flag: GuideFlag, label: string) => (
    <Space key={flag}>
      <Switch
        checked={user.shop_guide[flag] !== 2}
        loading={save.isPending}
        onChange={(on) => save.mutate({ [flag]: on ? 1 : 2 })}
        data-testid={`store-menu-${flag}`}
      />
      <span>{label}</span>
    </Space>
  );
  return (
    <Card size="small" title={t('store.info.menus')} data-testid="store-menus">
      <Space orientation="vertical">
        <Typography.Text type="secondary">{t('store.info.menusHint')}</Typography.Text>
        {row('subscribe_popup', t('menu.popup'))}
        {row('popup_strategy', t('menu.customPopup'))}
      </Space>
    </Card>
  );
}
