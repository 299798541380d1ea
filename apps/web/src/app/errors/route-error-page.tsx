import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
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
  // Plain markup rather than antd's Result, which brings its 403/404/500 drawings into the first
  // load of every visitor (about 11 KB gzip) for a page almost nobody sees.
  return (
    <div role="alert" data-testid="page-error" style={{ maxWidth: 480, margin: '96px auto', padding: '0 16px', textAlign: 'center' }}>
      <ExclamationCircleFilled style={{ fontSize: 64, color: '#faad14' }} aria-hidden />
      <h1 style={{ fontSize: 24, fontWeight: 500, margin: '24px 0 8px' }}>
        {t(chunk ? 'common.pageError.loadTitle' : 'common.pageError.title')}
      </h1>
      <p style={{ color: 'rgba(0, 0, 0, 0.45)', margin: '0 0 24px' }}>
        {t(chunk ? 'common.pageError.loadText' : 'common.pageError.text')}
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
        <Button type="primary" onClick={() => window.location.reload()} data-testid="page-error-retry">
          {t('common.pageError.retry')}
        </Button>
        <Button href="/dashboard">{t('common.backToDashboard')}</Button>
      </div>
    </div>
  );
}
