import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatMoney } from '@storecast/contract';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Statistic, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { ReportStepsTable } from '../components/report-steps-table.tsx';
import { flowText } from '../flow-text.ts';
import { useFlowReport } from '../queries.ts';
import { isEmptyReport, readRange, REPORT_RANGES } from '../report-model.ts';

// echarts is the heaviest piece of the admin: it loads only when a report has something to draw.
const ReportCharts = lazy(() => import('../components/report-charts.tsx'));

const TOTALS = [
  ['entered', 'entered'], ['sent', 'sent'], ['delivered', 'delivered'], ['opened', 'opened'], ['clicked', 'clicked'],
  ['smsSent', 'sms_sent'], ['smsClicked', 'sms_clicked'], ['unsubscribed', 'unsubscribed'], ['orders', 'orders'],
] as const;

/** /automation/strategy-report?id=&days=: one flow over 7, 30 or 90 days, in total, per step and per day. */
export function StrategyReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const days = readRange(params.get('days'));
  const report = useFlowReport(id, days);
  const n = (v: number) => formatNumber(v, i18n.language);

  if (!id || report.isError) return <Alert type="error" showIcon title={t('automation.loadFailed')} data-testid="report-missing" />;
  if (!report.data) return <PageLoading />;
  const { flow, totals, currency, steps } = report.data;
  const empty = isEmptyReport(report.data);

  return (
    <Flex vertical gap={16} data-testid="automation-report">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate('/automation')} style={{ paddingLeft: 0, alignSelf: 'flex-start' }}>
        {t('automation.report.back')}
      </Button>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="report-flow-name">{flowText(t, flow.kind, 'name')}</Typography.Title>
          <Tag color={flow.enabled ? 'green' : 'default'}>{t(flow.enabled ? 'automation.card.enabled' : 'automation.card.disabled')}</Tag>
          {flow.version > 0 && <Tag>{t('automation.list.versionN', { version: flow.version })}</Tag>}
        </Flex>
        <Segmented<number>
          aria-label={t('automation.report.range')}
          value={days}
          options={REPORT_RANGES.map((d) => ({ value: d, label: <span data-testid={`report-range-${d}`}>{t('automation.report.days', { days: d })}</span> }))}
          onChange={(d) => setParams((p) => { const next = new URLSearchParams(p); next.set('days', String(d)); return next; }, { replace: true })}
        />
      </Flex>
      <Row gutter={[12, 12]}>
        {TOTALS.map(([label, key]) => (
          <Col xs={12} sm={8} md={6} xl={4} key={key}>
            <Card size="small">
              <Statistic title={t(`automation.report.${label}`)} value={n(totals[key])} valueRender={() => <span data-testid={`report-${key}`}>{n(totals[key])}</span>} />
            </Card>
          </Col>
        ))}
        <Col xs={12} sm={8} md={6} xl={4}>
          <Card size="small">
            <Statistic title={t('automation.report.revenue')} value={formatMoney(totals.revenue, currency)}
              valueRender={() => <span data-testid="report-revenue">{formatMoney(totals.revenue, currency)}</span>} />
          </Card>
        </Col>
      </Row>
      {empty
        ? (
            <Card data-testid="report-empty">
              <Empty description={(
                <Flex vertical gap={4} style={{ maxWidth: 560, margin: '0 auto' }}>
                  <Typography.Text strong>{t('automation.report.emptyTitle')}</Typography.Text>
                  <Typography.Text type="secondary">{t('automation.report.emptyHelp')}</Typography.Text>
                </Flex>
              )} />
            </Card>
          )
        : <Suspense fallback={<PageLoading />}><ReportCharts report={report.data} /></Suspense>}
      <Card title={t('automation.report.steps')} styles={{ body: { padding: 0 } }}>
        <ReportStepsTable steps={steps} currency={currency} />
      </Card>
      <Typography.Text type="secondary">{t('automation.report.attribution')}</Typography.Text>
    </Flex>
  );
}
