import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatMoney } from '@storecast/contract';
import { Alert, Button, Card, Col, Flex, Row, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { StatusTag } from '../components/status-tag.tsx';
import { useShopInfo, useStrategyReport } from '../queries.ts';
import { reportRates } from '../report-rates.ts';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';

// echarts is the heaviest piece of the admin: it loads only when a report is opened.
const ReportCharts = lazy(() => import('../components/report-charts.tsx'));

/** /tags/strategy-report?id=: delivery, engagement and attributed sales of one send, over time. */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const report = useStrategyReport(id);
  const zone = useShopInfo().data?.timezone;

  if (!id || report.isError) return <Alert type="error" showIcon title={t('segmentSend.loadFailed')} data-testid="send-missing" />;
  if (!report.data) return <PageLoading />;
  const { strategy, currency, attribution, series } = report.data;
  const s = strategy.stats;
  const rates = reportRates(s);
  const n = (v: number) => formatNumber(v, i18n.language);
  const stat = (key: KeyUnder<'segmentSend.report'>, value: string, suffix?: string) => (
    <Col xs={12} sm={8} md={6} lg={4} key={key}>
      <Card size="small">
        <Statistic title={t(`segmentSend.report.${key}`)} value={value} suffix={suffix} valueRender={() => <span data-testid={`report-${key}`}>{value}</span>} />
      </Card>
    </Col>
  );

  return (
    <>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate('/tags')} style={{ paddingLeft: 0 }}>{t('segmentSend.report.back')}</Button>
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
      <Suspense fallback={<PageLoading />}>
        <ReportCharts series={series} zone={zone} />
      </Suspense>
    </>
  );
}
