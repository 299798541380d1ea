import { billingRoutes } from '@storecast/contract';
import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { formatPrice } from './format-price.ts';
import { PayModal } from './pay-modal.tsx';

/** Packs on sale as cards (quantity, price, validity); Buy confirms and pays with the saved card. */
export function PackOffers({ canBuy }: { canBuy: boolean }) {
  const { t, i18n } = useTranslation();
  const offers = useApiQuery(billingRoutes.packList);
  const [buying, setBuying] = useState<string | null>(null);
  const offer = offers.data?.find((o) => o.id === buying);

  return (
    <>
      <Row gutter={[16, 16]}>
        {(offers.data ?? []).map((o) => (
          <Col xs={24} sm={12} lg={6} key={o.id}>
            <Card data-testid={`pack-offer-${o.id}`}>
              <Statistic title={t('billingPages.pricing.quantity', { num: formatNumber(o.quantity, i18n.language) })} value={formatPrice(o.price)} />
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px' }}>
                {t('billingPages.pricing.validity', { days: o.validity_days })}
              </Typography.Paragraph>
              <Button type="primary" block disabled={!canBuy} onClick={() => setBuying(o.id)} data-testid={`pack-buy-${o.id}`}>
                {t('billingPages.pricing.buy')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
      <PayModal
        open={offer !== undefined}
        title={t('billingPages.pricing.buyTitle')}
        renewable
        items={offer && [
          { key: 'pack', label: t('billingPages.pricing.pack'), children: t('billingPages.pricing.quantity', { num: formatNumber(offer.quantity, i18n.language) }) },
          { key: 'validity', label: t('billingPages.pricing.validityLabel'), children: t('billingPages.pricing.validity', { days: offer.validity_days }) },
          { key: 'price', label: t('billingPages.pricing.price'), children: <span data-testid="pay-price">{formatPrice(offer.price)}</span> },
        ]}
        start={(autoRenew) => call(billingRoutes.purchasePack, { body: { offer_id: offer!.id, is_auto_renew: autoRenew } })}
        onClose={() => setBuying(null)}
      />
    </>
  );
}
