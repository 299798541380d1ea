import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { MyPacksTable } from './my-packs-table.tsx';
import { PackOffers } from './pack-offers.tsx';
import { useIsOwner, usePaymentConfig } from './page-queries.ts';
import { useSendPackage } from './queries.ts';
import { VolumeFigures } from './volume-figures.tsx';
import { VolumeLedger } from './volume-ledger.tsx';

/** /store/pricing-plan: sending volume, packs on sale, the store's packs and the volume ledger. */
export function PricingPlanPage() {
  const { t } = useTranslation();
  const volume = useSendPackage();
  const config = usePaymentConfig();
  const isOwner = useIsOwner();
  if (volume.isPending || config.isPending) return <PageLoading />;
  const configured = config.data?.configured === true;

  return (
    <>
      <VolumeFigures />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('billingPages.pricing.offers')}</Typography.Title>
      {!configured && <Alert type="info" showIcon title={t('billingPages.notConfigured')} style={{ marginBottom: 16 }} data-testid="payments-not-configured" />}
      {configured && !isOwner && <Alert type="info" showIcon title={t('billingPages.managerNote')} style={{ marginBottom: 16 }} data-testid="billing-manager-note" />}
      <PackOffers canBuy={configured && isOwner} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('billingPages.pricing.myPacks')}</Typography.Title>
      <MyPacksTable canChange={isOwner} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('billingPages.pricing.ledger')}</Typography.Title>
      <VolumeLedger />
    </>
  );
}
