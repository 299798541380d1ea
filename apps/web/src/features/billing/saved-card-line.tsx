import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedCard } from './saved-card.ts';

/** The card a payment is charged to, or the way to add one. */
export function SavedCardLine({ card }: { card: SavedCard | null | undefined }) {
  const { t } = useTranslation();
  if (!card) {
    return (
      <Space wrap data-testid="pay-no-card">
        <Typography.Text type="secondary">{t('billingPages.pay.noCard')}</Typography.Text>
        <Link to="/account-setting/card" data-testid="pay-add-card">{t('billingPages.pay.addCard')}</Link>
      </Space>
    );
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text data-testid="pay-card">
        {card.brand.toUpperCase()} •••• {card.last4}
      </Typography.Text>
      {card.expired && (
        <Alert type="error" showIcon title={<Link to="/account-setting/card">{t('billingPages.pay.cardExpired')}</Link>} />
      )}
    </Space>
  );
}
