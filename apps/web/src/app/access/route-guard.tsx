import { authRoutes } from '@storecast/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearToken, useToken } from '../../shared/api/token-store.ts';
import { toastError } from '../../shared/api/toast.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useRouteHandle } from '../use-route-handle.ts';
import { decideAccess, type UserCheck } from './decide-access.ts';

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
    case 'redirect':
    case 'verify-failed':
      return <Navigate to={decision.to} replace />;
  }
}
