import { formatMoney, type LiveItem, type ShopperAction } from '@storecast/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../../shared/format/format-date.ts';

type Line = Pick<LiveItem, 'type' | 'at' | 'email' | 'subject' | 'amount' | 'currency'> | ShopperActionLine;
type ShopperActionLine = Pick<ShopperAction, 'type' | 'email' | 'subject' | 'amount' | 'currency'> & { at: string };

/** What an action was about: the order's total and id, the product, page or link. */
export function ActionSubject({ line }: { line: Line }) {
  if (line.amount !== null && line.currency) return <>{`${formatMoney(line.amount, line.currency)} · ${line.subject ?? ''}`}</>;
  return <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>{line.subject ?? ''}</Typography.Text>;
}

/** One feed line: who did what, when (store time), about what. */
export function FeedLine({ line, timeZone }: { line: Line; timeZone: string | undefined }) {
  const { t } = useTranslation();
  return (
    <span>
      <Typography.Text type="secondary">{formatInZone(line.at, timeZone).slice(11)}</Typography.Text>{' '}
      <Typography.Text strong>{line.email ?? t('liveview.anonymous')}</Typography.Text>{' '}
      {t(`liveview.types.${line.type as 'order'}`, { defaultValue: line.type })}{' '}
      <ActionSubject line={line} />
    </span>
  );
}
