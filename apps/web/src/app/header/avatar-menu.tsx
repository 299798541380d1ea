import { UserOutlined } from '@ant-design/icons';
import { api } from '@storecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { clearToken } from '../../shared/api/token-store.ts';
import { loginPath } from '../../shared/session/login-path.ts';
import { useAppConfig, useSessionUser } from '../../shared/session/queries.ts';
import { openLink } from '../../shared/ui/open-link.ts';

/** The avatar dropdown of SPEC section 2. Help and support show only when configured. */
export function AvatarMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const user = useSessionUser().data;
  const config = useAppConfig().data;

  const logout = async () => {
    // Sign out locally even if the server cannot be reached: the token is gone either way.
    await call(api.auth.logout, { quiet: true }).catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate(loginPath(`${pathname}${search}`), { replace: true });
  };

  const item = (key: string, labelKey: string) => ({
    key,
    label: <span data-testid={`avatar-item-${key}`}>{t(labelKey)}</span>,
  });
  const items: MenuProps['items'] = [
    item('account', 'header.avatar.account'),
    item('store', 'header.avatar.store'),
    ...(config?.help_url ? [item('help', 'header.avatar.help')] : []),
    ...(config?.support_url ? [item('support', 'header.avatar.support')] : []),
    item('switch-store', 'header.avatar.switchStore'),
    { type: 'divider' as const },
    item('logout', 'header.avatar.logout'),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account' || key === 'switch-store') void navigate('/account-setting/shop');
    else if (key === 'store') void navigate('/store');
    else if (key === 'help' && config) openLink(config.help_url, config.own_hosts);
    else if (key === 'support' && config) openLink(config.support_url, config.own_hosts);
    else if (key === 'logout') void logout();
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
