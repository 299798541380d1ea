import { formatMoney } from '@storecast/contract';
import { Card, Flex, Table } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { StrategyReportPage, type StrategyReport } from '../../segment-send/index.ts';
import { ProductCard } from '../components/product-card.tsx';

// echarts loads only when a report is opened.
const ElementProductChart = lazy(() => import('../components/element-product-chart.tsx'));

type ElementRow = NonNullable<StrategyReport['elements']>[number];

/** /element/strategy-report?id=: the send's numbers like Segment Send's, then each product's. */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);

  const perProduct = ({ elements, currency }: StrategyReport) => (
    <Card title={t('elementSend.report.perProduct')} style={{ marginBottom: 16 }}>
      <Table<ElementRow>
        rowKey="slot"
        size="small"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={elements ?? []}
        onRow={(row) => ({ 'data-testid': 'element-report-row', 'data-slot': row.slot }) as object}
        columns={[
          {
            title: t('elementSend.report.product'), key: 'product', width: 280,
            render: (_, row) => (
              <Flex gap={8} align="center">
                <span>{t('elementSend.products.slot', { num: row.slot + 1 })}</span>
                {row.product ? <ProductCard product={row.product} size={40} /> : '-'}
              </Flex>
            ),
          },
          ...(['recipients', 'sent', 'opened', 'clicked', 'orders'] as const).map((k) => ({
            title: t(`elementSend.report.${k}`), key: k,
            render: (_: unknown, row: ElementRow) => <span data-testid={`element-report-${k}`}>{n(row[k])}</span>,
          })),
          {
            title: t('elementSend.report.revenue'), key: 'revenue',
            render: (_, row) => <span data-testid="element-report-revenue">{formatMoney(row.revenue, currency)}</span>,
          },
        ]}
      />
    </Card>
  );
  return (
    <StrategyReportPage
      back={{ to: '/element', label: t('elementSend.report.back') }}
      missing={{ title: t('elementSend.loadFailed'), testId: 'element-missing' }}
      details={perProduct}
      moreCharts={({ elements }) => elements && elements.length > 0 && <ElementProductChart elements={elements} />}
    />
  );
}
