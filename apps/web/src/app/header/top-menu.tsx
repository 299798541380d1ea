import { ConfigProvider, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfig, useSessionUser } from '../../shared/session/queries.ts';
import { activeMenuKey, visibleMenuEntries } from '../menu/menu-visibility.ts';
import { menuEntries } from '../route-table.tsx';

const NARROW_ITEMS = { components: { Menu: { itemPaddingInline: 8 } } };

interface TopMenuProps {
  mode: 'horizontal' | 'inline';
  onNavigate?: () => void;
}

/** The top-bar menu: entries of the route table that the store's flags allow. */
export function TopMenu({ mode, onNavigate }: TopMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSessionUser().data;
  const internalShopIds = useAppConfig().data?.internal_shop_ids ?? [];
  if (!user) return null;

  const items = visibleMenuEntries(menuEntries, { user, internalShopIds }).map((entry) => ({
    key: entry.path,
    label: (
      <Link to={entry.path} onClick={onNavigate} data-testid={`menu-${entry.testId}`}>
        {t(entry.titleKey)}
      </Link>
    ),
  }));

  return (
    // Narrower item padding than antd's 20 px: the seven entries fit from 1280 px up in English.
    <ConfigProvider theme={mode === 'horizontal' ? NARROW_ITEMS : undefined}>
      <Menu
        mode={mode}
        items={items}
        selectedKeys={[activeMenuKey(pathname)]}
        style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
        data-testid={mode === 'horizontal' ? 'top-menu' : 'drawer-menu'}
      />
    </ConfigProvider>
  );
}
