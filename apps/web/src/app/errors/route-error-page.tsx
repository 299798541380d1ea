import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { isChunkLoadError, reloadFor, shouldReloadFor } from './reload-for-chunk.ts';

/**
 * Whatever a page throws while it loads or renders lands here instead of the router's developer
 * page: a chunk that failed to download reloads the page once, anything else offers a retry.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const reload = shouldReloadFor(error);

  useEffect(() => {
    if (reload) reloadFor(error);
  }, [reload, error]);

  if (reload) return <PageLoading />;
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status="warning"
      title={t(chunk ? 'common.pageError.loadTitle' : 'common.pageError.title')}
      subTitle={t(chunk ? 'common.pageError.loadText' : 'common.pageError.text')}
      extra={[
        <Button key="retry" type="primary" onClick={() => window.location.reload()} data-testid="page-error-retry">
          {t('common.pageError.retry')}
        </Button>,
        <Button key="home" href="/dashboard">{t('common.backToDashboard')}</Button>,
      ]}
      data-testid="page-error"
    />
  );
}
