import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MembershipIndicator, QuotaIndicator } from '../../features/billing/index.ts';
import { useIsMobile } from '../../shared/ui/use-is-mobile.ts';
import { AvatarMenu } from './avatar-menu.tsx';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { TopMenu } from './top-menu.tsx';
import { useWideHeader } from './use-wide-header.ts';

/**
 * The top bar. Below 992 px the menu, quota and membership move into a drawer opened by a
 * hamburger; tapping outside the drawer (its mask) folds it, as it does the dropdowns. Below
 * the wide breakpoint the quota and membership are in the avatar menu instead of the bar, so the
 * six menu entries keep their room.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const wide = useWideHeader();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);

  return (
    <Layout.Header
      style={{
        display: 'flex', alignItems: 'center', gap: 16, padding: '0 16px',
        background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky', top: 0, zIndex: 10,
      }}
      data-testid="app-header"
    >
      {isMobile && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={() => setDrawerOpen(true)}
          aria-label={t('header.openMenu')}
          data-testid="menu-toggle"
        />
      )}
      <Link to="/dashboard" style={{ fontWeight: 600, fontSize: 18, color: token.colorPrimary }} data-testid="brand">
        Storecast
      </Link>
      {isMobile ? <div style={{ flex: 1 }} /> : <TopMenu mode="horizontal" />}
      {wide && <QuotaIndicator />}
      {wide && <MembershipIndicator />}
      <LanguageSwitcher />
      <AvatarMenu compact={isMobile} withPlan={!wide} />
      {isMobile && (
        <Drawer open={drawerOpen} onClose={close} placement="left" size={280} title="Storecast" data-testid="menu-drawer">
          <Flex orientation="vertical" gap={16}>
            <TopMenu mode="inline" onNavigate={close} />
            <QuotaIndicator />
            <MembershipIndicator />
          </Flex>
        </Drawer>
      )}
    </Layout.Header>
  );
}
