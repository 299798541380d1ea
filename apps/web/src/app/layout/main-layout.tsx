import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { AppHeader } from '../header/app-header.tsx';
import { SunsetSlot } from '../sunset/sunset-slot.tsx';

/** The frame of signed-in pages: notice, top bar, and the page below it. */
export function MainLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SunsetSlot />
      <AppHeader />
      <Layout.Content style={{ padding: 24, maxWidth: 1280, width: '100%', margin: '0 auto' }}>
        {/* Inside the frame, so the header stays while a page's code loads. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
