import { CloseOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { routeTable } from '../route-table.tsx';
import { parentPath } from './parent-path.ts';

/**
 * Full-page editing: no top bar, only a close icon that goes back one step. Opened directly
 * (no step inside the app to go back to), it closes to the route's parent instead of leaving
 * the app.
 */
export function EditLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const close = () => {
    // The router numbers the entries it pushed in this tab; 0 is where the app was opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(parentPath(pathname, routeTable));
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 16px' }}>
        <Button
          type="text"
          shape="circle"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          onClick={close}
          data-testid="edit-close"
        />
      </div>
      <Layout.Content style={{ padding: '0 24px 48px', maxWidth: 960, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
