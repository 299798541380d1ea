import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useQuotaWarning, useSendPackage } from '../billing/index.ts';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';

/** Sending volume of the store, read-only: buying more comes in a later release. */
export function PricingPlanPage() {
  const { t } = useTranslation();
  const { data, isPending } = useSendPackage();
  const timeZone = useSessionUser().data?.timezone;
  const warning = useQuotaWarning(data, timeZone);
  if (isPending) return <PageLoading />;
  if (!data) return null;

  const stats: { key: KeyUnder<'store.pricing'>; value: number }[] = [
    { key: 'total', value: data.total_email_number },
    { key: 'remaining', value: data.total_remainder_email_number },
    { key: 'waiting', value: data.total_wait_send_email_number },
    { key: 'available', value: data.total_enable_email_number },
  ];
  return (
    <>
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} data-testid="pricing-quota-warning" />}
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col xs={12} md={6} key={s.key}>
            <Card>
              <Statistic title={t(`store.pricing.${s.key}`)} value={s.value} data-testid={`pricing-${s.key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('store.pricing.packages')}
      </Typography.Title>
      <Table
        rowKey="id"
        pagination={false}
        dataSource={data.effective_send_package_log}
        locale={{ emptyText: t('store.pricing.noPackages') }}
        columns={[
          { title: t('store.pricing.packageName'), dataIndex: 'name' },
          { title: t('store.pricing.remaining'), dataIndex: 'remainder_email_number' },
          { title: t('store.pricing.expiresAt'), dataIndex: 'expired_at', render: (v: string) => formatInZone(v, timeZone) },
        ]}
        data-testid="pricing-packages"
      />
      <Alert type="info" showIcon title={t('store.pricing.buyingLater')} style={{ marginTop: 16 }} />
    </>
  );
}
