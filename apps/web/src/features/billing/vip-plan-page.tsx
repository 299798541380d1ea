import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { MembershipOffers } from './membership-offers.tsx';
import { MembershipSummary } from './membership-summary.tsx';
import { useIsOwner, usePaymentConfig } from './page-queries.ts';
import { useVipInfo } from './queries.ts';

/** /store/vip-plan: the store's membership, and the paid levels to buy or upgrade to. */
export function VipPlanPage() {
  const { t } = useTranslation();
  const vip = useVipInfo();
  const config = usePaymentConfig();
  const isOwner = useIsOwner();
  if (vip.isPending || config.isPending) return <PageLoading />;
  const configured = config.data?.configured === true;

  return (
    <>
      <MembershipSummary canChange={isOwner} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('billingPages.vip.offers')}</Typography.Title>
      {!configured && <Alert type="info" showIcon title={t('billingPages.notConfigured')} style={{ marginBottom: 16 }} data-testid="payments-not-configured" />}
      {configured && !isOwner && <Alert type="info" showIcon title={t('billingPages.managerNote')} style={{ marginBottom: 16 }} data-testid="billing-manager-note" />}
      <MembershipOffers canBuy={configured && isOwner} />
    </>
  );
}
