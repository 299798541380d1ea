import { Tabs, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import type { AppRoute } from '../route-types.ts';

/** A section with child pages (/dashboard, /store, ...): its title, a tab per child, the child. */
export function SectionLayout({ section }: { section: AppRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/${section.path}`;
  const active = pathname.slice(base.length + 1).split('/')[0] ?? '';
  // A manager gets no tab for the owner's pages (cards, invoices); opened by link they say why.
  const manager = useSessionUser().data?.manager_info.manager_role === 'manager';
  const items = (section.children ?? []).filter((child) => !(manager && child.ownerOnly)).map((child) => ({
    key: child.path,
    label: <span data-testid={`tab-${section.testId ?? section.path}-${child.path}`}>{t(child.titleKey)}</span>,
  }));

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(section.titleKey)}
      </Typography.Title>
      <Tabs activeKey={active} items={items} onChange={(key) => void navigate(`${base}/${key}`)} />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
