import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from './use-route-handle.ts';

/** One page for every menu entry whose feature arrives in a later release. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const titleKey = useRouteHandle()?.titleKey;
  return (
    <Result
      status="info"
      title={titleKey ? t(titleKey) : undefined}
      subTitle={t('common.comingSoon')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('common.backToDashboard')}</Button>
        </Link>
      }
      data-testid="coming-soon"
    />
  );
}
