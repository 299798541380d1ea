import { UserOutlined } from '@ant-design/icons';
import { authRoutes } from '@storecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MembershipIndicator, QuotaIndicator, useVipInfo } from '../../features/billing/index.ts';
import { call } from '../../shared/api/client.ts';
import { clearToken } from '../../shared/api/token-store.ts';
import { loginPath } from '../../shared/session/login-path.ts';
import { useAppConfig, useSessionUser } from '../../shared/session/queries.ts';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';
import { openLink } from '../../shared/ui/open-link.ts';

interface AvatarMenuProps {
  /** Icon only, without the store's name (narrow screens). */
  compact: boolean;
  /** Show the send quota and membership here, because the bar has no room for them. */
  withPlan: boolean;
}

/**
 * The avatar dropdown of SPEC section 2. Help centre and online support are always there: the
 * configured external pages when set, else the help centre built into the product.
 */
export function AvatarMenu({ compact, withPlan }: AvatarMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const user = useSessionUser().data;
  const config = useAppConfig().data;
  const vipKnown = Boolean(useVipInfo().data);

  const logout = async () => {
    // Sign out locally even if the server cannot be reached: the token is gone either way.
    await call(authRoutes.logout, { quiet: true }).catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate(loginPath(`${pathname}${search}`), { replace: true });
  };

  const item = (key: string, labelKey: TranslationKey) => ({
    key,
    label: <span data-testid={`avatar-item-${key}`}>{t(labelKey)}</span>,
  });
  const plan: MenuProps['items'] = withPlan
    ? [
        { key: 'quota', label: <QuotaIndicator /> },
        // Membership shows once its state is known, as in the bar.
        ...(vipKnown ? [{ key: 'membership', label: <MembershipIndicator /> }] : []),
        { type: 'divider' as const },
      ]
    : [];
  const items: MenuProps['items'] = [
    ...plan,
    item('account', 'header.avatar.account'),
    item('store', 'header.avatar.store'),
    item('help', 'header.avatar.help'),
    item('support', 'header.avatar.support'),
    item('switch-store', 'header.avatar.switchStore'),
    { type: 'divider' as const },
    item('logout', 'header.avatar.logout'),
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // The quota and membership rows carry their own links; a click on one has already navigated.
    if ((domEvent.target as Element).closest('a')) return;
    if (key === 'quota') void navigate('/store/pricing-plan');
    else if (key === 'membership') void navigate('/store/vip-plan');
    else if (key === 'account' || key === 'switch-store') void navigate('/account-setting/shop');
    else if (key === 'store') void navigate('/store');
    else if (key === 'help') {
      if (config?.help_url) openLink(config.help_url, config.own_hosts);
      else void navigate('/help');
    } else if (key === 'support') {
      if (config?.support_url) openLink(config.support_url, config.own_hosts);
      else void navigate('/help/contact');
    } else if (key === 'logout') void logout();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <Button type="text" data-testid="avatar-dropdown" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Avatar size="small" icon={<UserOutlined />} />
        {!compact && (
          <span data-testid="header-store-name" style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {user?.shop || user?.name}
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
