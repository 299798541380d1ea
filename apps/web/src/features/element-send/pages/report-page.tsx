import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatMoney, type strategyReportSchema } from '@storecast/contract';
import { Alert, Button, Card, Col, Flex, Row, Space, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { LazyReportCharts, reportRates, StatusTag } from '../../segment-send/index.ts';
import { ProductCard } from '../components/product-card.tsx';
import { useElementReport, useShopInfo } from '../queries.ts';

// echarts loads only when a report is opened.
const ElementProductChart = lazy(() => import('../components/element-product-chart.tsx'));

type ElementRow = NonNullable<z.infer<typeof strategyReportSchema>['elements']>[number];

/** /element/strategy-report?id=: the send's numbers like Segment Send's, then each product's. */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const report = useElementReport(id);
  const zone = useShopInfo().data?.timezone;

  if (!id || report.isError) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!report.data) return <PageLoading />;
  const { strategy, currency, attribution, series, elements } = report.data;
  const s = strategy.stats;
  const rates = reportRates(s);
  const n = (v: number) => formatNumber(v, i18n.language);
  const stat = (key: KeyUnder<'segmentSend.report'>, value: string) => (
    <Col xs={12} sm={8} md={6} lg={4} key={key}>
      <Card size="small">
        <Statistic title={t(`segmentSend.report.${key}`)} value={value} valueRender={() => <span data-testid={`report-${key}`}>{value}</span>} />
      </Card>
    </Col>
  );

  return (
    <>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate('/element')} style={{ paddingLeft: 0 }}>{t('elementSend.report.back')}</Button>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{strategy.name}</Typography.Title>
        <StatusTag status={strategy.status} />
      </Flex>
      <Space wrap style={{ margin: '8px 0 16px' }}>
        <Typography.Text type="secondary">{strategy.title}</Typography.Text>
        <Typography.Text type="secondary">{formatInZone(strategy.send_at ?? strategy.updated_at, zone)}</Typography.Text>
      </Space>
      <Row gutter={[12, 12]}>
        {stat('sent', n(s.sent))}
        {stat('delivered', n(s.delivered))}
        {stat('bounced', n(s.bounced))}
        {stat('opened', n(s.opened))}
        {stat('clicked', n(s.clicked))}
        {stat('unsubscribed', n(s.unsubscribed))}
        {stat('complaints', n(s.complaints))}
        {stat('orders', n(s.orders))}
        {stat('revenue', formatMoney(s.revenue, currency))}
        {stat('deliveryRate', `${rates.deliveryRate}%`)}
        {stat('openRate', `${rates.openRate}%`)}
        {stat('clickRate', `${rates.clickRate}%`)}
        {stat('unsubscribeRate', `${rates.unsubscribeRate}%`)}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
        {t('segmentSend.report.attribution', {
          days: attribution.window_days,
          trigger: t(attribution.trigger === 'open' ? 'segmentSend.report.triggerOpen' : 'segmentSend.report.triggerClick'),
        })}
      </Typography.Paragraph>
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
      <Suspense fallback={<PageLoading />}>
        <LazyReportCharts series={series} zone={zone} />
        {elements && elements.length > 0 && <ElementProductChart elements={elements} />}
      </Suspense>
    </>
  );
}
