import { billingRoutes } from '@storecast/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatPrice } from './format-price.ts';
import { levelNameKey, termLabel } from './level-name.ts';
import { PayModal } from './pay-modal.tsx';

export interface MembershipTarget {
  level: number;
  months: 1 | 12;
  price: { amount_minor: number; currency: string };
  /** An upgrade of the running term rather than a first purchase. */
  upgrade: boolean;
}

/**
 * Buying a membership term, or upgrading the running one. An upgrade shows the server's quote
 * (SPEC section 9: its cost, the credit for the days left, what is paid) before Pay is offered.
 */
export function MembershipPayModal({ target, onClose }: { target: MembershipTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const body = { level: target?.level ?? 1, months: target?.months ?? 1 };
  const quote = useApiQuery(billingRoutes.upgradePrice, { query: body }, { enabled: target?.upgrade === true, staleTime: 0 });
  const q = target?.upgrade ? quote.data : undefined;

  const plan = target ? `${t(levelNameKey(target.level))} · ${termLabel(t, target.months)}` : '';
  const items = !target
    ? []
    : target.upgrade
      ? [
          { key: 'target', label: t('billingPages.vip.target'), children: plan },
          { key: 'cost', label: t('billingPages.vip.upgradeCost'), children: <span data-testid="quote-cost">{formatPrice(q?.upgrade_cost)}</span> },
          { key: 'credit', label: t('billingPages.vip.credit'), children: <span data-testid="quote-credit">{q ? `- ${formatPrice(q.credit)}` : '-'}</span> },
          { key: 'days', label: t('billingPages.vip.daysLeft'), children: <span data-testid="quote-days">{q ? `${q.days_remaining} / ${q.term_days}` : '-'}</span> },
          {
            key: 'pay', label: t('billingPages.vip.toPay'),
            children: <Typography.Text strong data-testid="pay-price">{formatPrice(q?.price)}</Typography.Text>,
          },
        ]
      : [
          { key: 'target', label: t('billingPages.vip.target'), children: plan },
          { key: 'pay', label: t('billingPages.vip.toPay'), children: <Typography.Text strong data-testid="pay-price">{formatPrice(target.price)}</Typography.Text> },
        ];

  return (
    <PayModal
      open={target !== null}
      title={target?.upgrade ? t('billingPages.vip.upgradeTitle') : t('billingPages.vip.buyTitle')}
      items={items}
      renewable={target?.upgrade === false}
      ready={!target?.upgrade || quote.isSuccess}
      start={(autoRenew) =>
        target!.upgrade
          ? call(billingRoutes.upgradeVip, { body })
          : call(billingRoutes.purchaseVip, { body: { ...body, is_auto_renew: autoRenew } })}
      onClose={onClose}
    />
  );
}
