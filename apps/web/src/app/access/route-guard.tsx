import { authRoutes } from '@storecast/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearToken, useToken } from '../../shared/api/token-store.ts';
import { toastError } from '../../shared/api/toast.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useRouteHandle } from '../use-route-handle.ts';
import { decideAccess, type UserCheck } from './decide-access.ts';

// Only a manager who opens an owner's page sees it: kept out of the first load (antd's Result and its picture).
const OwnerOnlyNotice = lazy(async () => ({ default: (await import('./owner-only-notice.tsx')).OwnerOnlyNotice }));

/** Applies decideAccess to the current location and carries out its decision. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const handle = useRouteHandle();
  const token = useToken();
  const userQuery = useSessionUser();
  const cache = useApiCache();
  const { t } = useTranslation();

  const user: UserCheck = userQuery.isError
    ? { status: 'error' }
    : userQuery.data
      ? { status: 'ok', user: userQuery.data }
      : { status: 'pending' };
  const decision = decideAccess({
    path: `${pathname}${search}`,
    access: handle ? handle.access : null,
    hasToken: token !== '',
    user,
    ownerOnly: handle?.ownerOnly,
  });

  useEffect(() => {
    if (decision.kind !== 'verify-failed') return;
    clearToken();
    cache.remove(authRoutes.info);
    toastError(t('errors.login.verifyFailed'));
  }, [decision.kind, cache, t]);

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'wait':
      return <PageLoading />;
    case 'owner-only':
      return <Suspense fallback={<PageLoading />}><OwnerOnlyNotice /></Suspense>;
    case 'redirect':
    case 'verify-failed':
      return <Navigate to={decision.to} replace />;
  }
}
