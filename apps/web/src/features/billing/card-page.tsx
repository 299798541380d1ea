import { Alert, Button, Card, Descriptions, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { CardForm } from './card-form.tsx';
import { useIsOwner, usePaymentConfig, useSavedCard } from './page-queries.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** /account-setting/card: the store's saved card, added or replaced in the payment provider's own form. */
export function CardPage() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const isOwner = useIsOwner();
  const configured = config.data?.configured === true;
  const card = useSavedCard(isOwner && configured);
  const [editing, setEditing] = useState(false);
  if (config.isPending) return <PageLoading />;
  if (!configured) return <Alert type="info" showIcon title={t('billingPages.notConfigured')} data-testid="payments-not-configured" />;
  if (!isOwner) return <Alert type="info" showIcon title={t('billingPages.managerNote')} data-testid="billing-manager-note" />;
  if (card.isPending) return <PageLoading />;

  const saved = card.data;
  return (
    <Card title={t('billingPages.card.title')} style={{ maxWidth: 640 }}>
      {saved?.expired && <Alert type="error" showIcon title={t('billingPages.pay.cardExpired')} style={{ marginBottom: 16 }} data-testid="card-expired" />}
      {saved ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }} items={[
          { key: 'number', label: t('billingPages.card.number'), children: <span data-testid="card-saved">{`${saved.brand.toUpperCase()} •••• ${saved.last4}`}</span> },
          { key: 'expiry', label: t('billingPages.card.expiry'), children: <span data-testid="card-saved-expiry">{`${pad(saved.exp_month)}/${saved.exp_year}`}</span> },
        ]} />
      ) : (
        !editing && <div data-testid="card-none"><Empty description={t('billingPages.card.none')} /></div>
      )}
      {editing ? (
        <CardForm onDone={() => setEditing(false)} />
      ) : (
        <Button type="primary" onClick={() => setEditing(true)} data-testid="card-add">
          {saved ? t('billingPages.card.replace') : t('billingPages.card.add')}
        </Button>
      )}
    </Card>
  );
}
