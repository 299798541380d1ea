import type { CampaignReport } from '@storecast/contract';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';

type PrizeRow = CampaignReport['prizes'][number];

const KIND_COLOURS: Record<PrizeRow['kind'], string> = { coupon: 'blue', gift: 'purple', none: 'default' };

/**
 * A lucky draw's prizes in the draw's order: how often each was won and its coupon used in the
 * range, and the stock left now. The label is the admin's language, the other one when that was
 * left empty. "No prize" is never won (the server counts those draws as draws, not wins) and only
 * a coupon can be used in an order, so those cells say "-" rather than a zero that reads like
 * nobody landed on the prize or used it.
 */
export function ReportPrizeTable({ prizes }: { prizes: PrizeRow[] }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const label = (p: PrizeRow) => {
    const [mine, other] = i18n.language === 'en-US' ? [p.label['en-US'], p.label['zh-CN']] : [p.label['zh-CN'], p.label['en-US']];
    return mine || other;
  };
  return (
    <Card title={t('campaigns.report.prizes')} size="small" styles={{ body: { padding: 0 } }}>
      <Table<PrizeRow>
        rowKey="id"
        size="small"
        pagination={false}
        // Five columns are wider than a phone: the table scrolls inside its card, not the page.
        scroll={{ x: 'max-content' }}
        dataSource={prizes}
        onRow={(p) => ({ 'data-testid': 'report-prize-row', 'data-prize-id': p.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('campaigns.report.prizeColumns.label'), key: 'label', render: (_, p) => <span data-testid="report-prize-label">{label(p)}</span> },
          {
            title: t('campaigns.report.prizeColumns.kind'), key: 'kind',
            render: (_, p) => <Tag color={KIND_COLOURS[p.kind]}>{t(`campaigns.edit.prizeKinds.${p.kind}`)}</Tag>,
          },
          {
            title: t('campaigns.report.prizeColumns.won'), key: 'won', align: 'right',
            render: (_, p) => <span data-testid="report-prize-won">{p.kind === 'none' ? '-' : n(p.won)}</span>,
          },
          {
            title: t('campaigns.report.prizeColumns.redeemed'), key: 'redeemed', align: 'right',
            render: (_, p) => <span data-testid="report-prize-redeemed">{p.kind === 'coupon' ? n(p.redeemed) : '-'}</span>,
          },
          {
            title: t('campaigns.report.prizeColumns.stockLeft'), key: 'stock', align: 'right',
            render: (_, p) => (
              <span data-testid="report-prize-stock">{p.stock_left === null ? t('campaigns.report.unlimited') : n(p.stock_left)}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}
