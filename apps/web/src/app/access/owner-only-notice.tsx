import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * What a manager sees on a page only the store's owner uses (billing, access management): the
 * same sentence the server would answer its calls with, and a way back.
 */
export function OwnerOnlyNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<span data-testid="owner-only">{t('errors.access.ownerOnly')}</span>}
      extra={<Button type="primary" onClick={() => void navigate('/dashboard')}>{t('common.backToDashboard')}</Button>}
    />
  );
}
