import { CloseOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useCloseEditPage } from './use-close-edit-page.ts';

/** Full-page editing: no top bar, only a close icon (useCloseEditPage says where it leads). */
export function EditLayout() {
  const { t } = useTranslation();
  const close = useCloseEditPage();
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
