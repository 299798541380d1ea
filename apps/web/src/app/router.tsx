import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import type { RouteAccess } from './access/decide-access.ts';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { StandaloneLayout } from './layout/standalone-layout.tsx';
import { RootShell } from './root-shell.tsx';
import { routeTable } from './route-table.tsx';
import type { AppRoute, LayoutKind, RouteHandle } from './route-types.ts';
import { RootRedirect } from './sunset/root-redirect.tsx';

/**
 * The signed-in frames (top bar, menu, drawer, tabs) load as chunks of their own: the sign-in
 * page, which most first visits open, does not need them.
 */
function lazyLayout(load: () => Promise<{ default: ComponentType }>) {
  const Layout = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout />
    </Suspense>
  );
}
const mainLayout = lazyLayout(async () => ({ default: (await import('./layout/main-layout.tsx')).MainLayout }));
const editLayout = lazyLayout(async () => ({ default: (await import('./layout/edit-layout.tsx')).EditLayout }));
const SectionLayout = lazy(async () => ({ default: (await import('./layout/section-layout.tsx')).SectionLayout }));

function toRouteObject(route: AppRoute, inherited: RouteAccess): RouteObject {
  const access = route.access ?? inherited;
  const handle: RouteHandle = { access, titleKey: route.titleKey, ...(route.ownerOnly ? { ownerOnly: true } : {}) };
  const Page = route.page;
  const children = route.children?.map((c) => toRouteObject(c, access)) ?? [];
  if (route.redirectTo) {
    children.unshift({ index: true, handle, element: <Navigate to={route.redirectTo} replace /> });
  }
  return {
    path: route.path,
    handle,
    element: route.children ? <SectionLayout section={route} /> : Page ? <Page /> : null,
    children: children.length ? children : undefined,
  };
}

function routesIn(layout: LayoutKind): RouteObject[] {
  return routeTable.filter((r) => (r.layout ?? 'main') === layout).map((r) => toRouteObject(r, 'signed-in'));
}

export function buildRoutes(): RouteObject[] {
  const root: RouteHandle = { access: 'public' };
  const unknown: RouteHandle = { access: null };
  return [
    {
      element: <RootShell />,
      // Without it a page that throws, or whose chunk fails to download, shows the router's developer page.
      errorElement: <RouteErrorPage />,
      children: [
        // The root is public so the old-version redirect can run before sign-in.
        { path: '/', handle: root, element: <RootRedirect /> },
        { element: mainLayout, children: routesIn('main') },
        { element: editLayout, children: routesIn('edit') },
        { element: <StandaloneLayout />, children: routesIn('standalone') },
        { path: '*', handle: unknown, element: null },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
