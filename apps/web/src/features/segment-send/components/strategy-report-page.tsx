import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatMoney, type strategyReportSchema } from '@storecast/contract';
import { Alert, Button, Card, Col, Flex, Row, Space, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { useShopInfo, useStrategyReport } from '../queries.ts';
import { reportRates } from '../report-rates.ts';
import { StatusTag } from './status-tag.tsx';

// echarts is the heaviest piece of the admin: it loads only when a report is opened.
const ReportCharts = lazy(() => import('./report-charts.tsx'));

export type StrategyReport = z.infer<typeof strategyReportSchema>;

interface Props {
  /** Where the back link goes, and what it says. */
  back: { to: string; label: string };
  /** What shows when `?id=` is missing or the send is not found. */
  missing: { title: string; testId: string };
  /** A send kind's own part, between the attribution line and the charts. */
  details?: (report: StrategyReport) => ReactNode;
  /** A send kind's own charts, after the shared ones. */
  moreCharts?: (report: StrategyReport) => ReactNode;
}

/**
 * The report page of the send in `?id=`: its heading, numbers and rates, the attribution rule
 * and the charts, kept fresh while open.
 */
export function StrategyReportPage({ back, missing, details, moreCharts }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useStrategyReport(id);
  const zone = useShopInfo().data?.timezone;

  if (!id || query.isError) return <Alert type="error" showIcon title={missing.title} data-testid={missing.testId} />;
  if (!query.data) return <PageLoading />;
  const report = query.data;
  const { strategy, currency, attribution, series } = report;
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
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate(back.to)} style={{ paddingLeft: 0 }}>{back.label}</Button>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{strategy.name}</Typography.Title>
        <StatusTag status={strategy.status} />
      </Flex>
      <Space wrap style={{ margin: '8px 0 16px' }}>
        <Typography.Text type="secondary">{strategy.title}</Typography.Text>
        <Typography.Text type="secondary">{formatInZone(strategy.send_at ?? strategy.updated_at, zone)}</Typography.Text>
      </Space>
      <Row gutter={[12, 12]}>
        {(['sent', 'delivered', 'bounced', 'opened', 'clicked', 'unsubscribed', 'complaints', 'orders'] as const).map((k) => stat(k, n(s[k])))}
        {stat('revenue', formatMoney(s.revenue, currency))}
        {(['deliveryRate', 'openRate', 'clickRate', 'unsubscribeRate'] as const).map((k) => stat(k, `${rates[k]}%`))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
        {t('segmentSend.report.attribution', {
          days: attribution.window_days,
          trigger: t(attribution.trigger === 'open' ? 'segmentSend.report.triggerOpen' : 'segmentSend.report.triggerClick'),
        })}
      </Typography.Paragraph>
      {details?.(report)}
      <Suspense fallback={<PageLoading />}>
        <ReportCharts series={series} zone={zone} />
        {moreCharts?.(report)}
      </Suspense>
    </>
  );
}
