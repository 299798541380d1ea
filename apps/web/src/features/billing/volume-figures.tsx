import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { useSendPackage } from './queries.ts';
import { useQuotaWarning } from './use-quota-warning.ts';

/** SPEC section 3: total, remaining, waiting and available volume, with the quota alerts. */
export function VolumeFigures() {
  const { t } = useTranslation();
  const { data } = useSendPackage();
  const timeZone = useSessionUser().data?.timezone;
  const warning = useQuotaWarning(data, timeZone);
  if (!data) return null;

  const stats: { key: KeyUnder<'store.pricing'>; value: number }[] = [
    { key: 'total', value: data.total_email_number },
    { key: 'remaining', value: data.total_remainder_email_number },
    { key: 'waiting', value: data.total_wait_send_email_number },
    { key: 'available', value: data.total_enable_email_number },
  ];
  return (
    <>
      {data.total_enable_email_number <= 0 && (
        <Alert type="error" showIcon title={t('billingPages.pricing.noAvailable')} style={{ marginBottom: 16 }} data-testid="pricing-none-available" />
      )}
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} data-testid="pricing-quota-warning" />}
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col xs={12} md={6} key={s.key}>
            <Card size="small">
              <Statistic title={t(`store.pricing.${s.key}`)} value={s.value} data-testid={`pricing-${s.key}`} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
