import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RouteGuard } from './access/route-guard.tsx';
import { useStoreChangeCheck } from './access/use-store-change-check.ts';
import { useRouteHandle } from './use-route-handle.ts';

/** Wraps every route: access, page title, scroll to top, and the store-change re-check. */
export function RootShell() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const titleKey = useRouteHandle()?.titleKey;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - Storecast` : 'Storecast';
  }, [titleKey, t]);

  useStoreChangeCheck();
  return <RouteGuard />;
}
