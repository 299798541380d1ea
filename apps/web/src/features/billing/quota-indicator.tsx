import { WarningOutlined } from '@ant-design/icons';
import { Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { useSendPackage } from './queries.ts';
import { useQuotaWarning } from './use-quota-warning.ts';

/** Header: e-mails the store can still send, a link to get more, and the expiry warning. */
export function QuotaIndicator() {
  const { t, i18n } = useTranslation();
  const { data } = useSendPackage();
  const timeZone = useSessionUser().data?.timezone;
  const warning = useQuotaWarning(data, timeZone);

  return (
    <Space size={8} data-testid="header-quota">
      <Typography.Text type="secondary">{t('billing.quota.label')}</Typography.Text>
      <Typography.Text strong data-testid="header-quota-value">
        {formatNumber(data?.total_enable_email_number, i18n.language)}
      </Typography.Text>
      {warning && (
        <Tooltip title={warning}>
          <Typography.Text type="warning" data-testid="header-quota-warning" aria-label={warning}>
            <WarningOutlined />
          </Typography.Text>
        </Tooltip>
      )}
      <Link to="/store/pricing-plan" data-testid="header-quota-more">
        {t('billing.quota.getMore')}
      </Link>
    </Space>
  );
}
