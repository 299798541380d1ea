import { billingRoutes, canUpgrade, effectiveLevel, isTopPlan, isUpgradeTarget, type VipState } from '@storecast/contract';
import { Alert, Button, Card, Col, Row, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { runtimeKey } from '../../shared/i18n/translation-key.ts';
import { formatPrice } from './format-price.ts';
import { levelNameKey } from './level-name.ts';
import { MembershipPayModal, type MembershipTarget } from './membership-pay-modal.tsx';
import { useVipInfo } from './queries.ts';

type Term = 1 | 12;

/** What a level/term is to the store now: bought outright, an upgrade, the current plan, or neither. */
function actionFor(vip: VipState, level: number, months: number): 'buy' | 'upgrade' | 'current' | null {
  const current = effectiveLevel(vip);
  if (current === 0) return 'buy';
  if (level === current && months === vip.current_month_number) return 'current';
  return canUpgrade(vip) && isUpgradeTarget({ level: current, months: vip.current_month_number }, { level, months }) ? 'upgrade' : null;
}

/** The three paid levels for a monthly or yearly term, with what each unlocks, and Buy or Upgrade. */
export function MembershipOffers({ canBuy }: { canBuy: boolean }) {
  const { t } = useTranslation();
  const { data: vip } = useVipInfo();
  const offers = useApiQuery(billingRoutes.vipList);
  const [term, setTerm] = useState<Term>(vip && vip.current_month_number === 12 && effectiveLevel(vip) > 0 ? 12 : 1);
  const [target, setTarget] = useState<MembershipTarget | null>(null);
  if (!vip) return null;

  const shown = (offers.data ?? []).filter((o) => o.months === term).sort((a, b) => a.level - b.level);
  return (
    <>
      <Segmented<Term>
        value={term}
        onChange={setTerm}
        options={[{ value: 1, label: t('billingPages.vip.monthly') }, { value: 12, label: t('billingPages.vip.yearly') }]}
        style={{ marginBottom: 16 }}
        data-testid="vip-term-switch"
      />
      {isTopPlan(vip) && <Alert type="success" showIcon title={t('billingPages.vip.topPlan')} style={{ marginBottom: 16 }} data-testid="vip-top-plan" />}
      <Row gutter={[16, 16]}>
        {shown.map((o) => {
          const action = actionFor(vip, o.level, o.months);
          const id = `${o.level}-${o.months}`;
          return (
            <Col xs={24} md={8} key={id}>
              <Card title={t(levelNameKey(o.level))} data-testid={`vip-offer-${id}`} style={{ height: '100%' }}>
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {formatPrice(o.price)}
                  <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                    {o.months === 12 ? t('billingPages.vip.perYear') : t('billingPages.vip.perMonth')}
                  </Typography.Text>
                </Typography.Title>
                <Typography.Text strong>{t('billingPages.vip.unlocks')}</Typography.Text>
                <ul style={{ paddingInlineStart: 20, margin: '8px 0 16px' }}>
                  {o.features.map((f) => <li key={f}>{t(runtimeKey(`billingPages.vip.feature.${f}`))}</li>)}
                </ul>
                {action === 'current' && <Tag color="gold" data-testid={`vip-current-${id}`}>{t('billingPages.vip.currentPlan')}</Tag>}
                {(action === 'buy' || action === 'upgrade') && (
                  <Button
                    type="primary"
                    block
                    disabled={!canBuy}
                    onClick={() => setTarget({ level: o.level, months: o.months as Term, price: o.price, upgrade: action === 'upgrade' })}
                    data-testid={`vip-${action}-${id}`}
                  >
                    {action === 'buy' ? t('billingPages.vip.buy') : t('billingPages.vip.upgrade')}
                  </Button>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{t('billingPages.vip.freeKeeps')}</Typography.Paragraph>
      <MembershipPayModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
