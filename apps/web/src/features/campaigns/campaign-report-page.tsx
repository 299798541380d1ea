import { ArrowLeftOutlined } from '@ant-design/icons';
import { DATE_RANGE_KEYS, type DateRangeKey, formatMoney, ResultCode } from '@storecast/contract';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Segmented, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { CampaignStatusTag } from './campaign-status-tag.tsx';
import { useCampaignReport } from './queries.ts';
import { readReportRange } from './read-report-range.ts';
import { ReportKpiCards } from './report-kpi-cards.tsx';
import { isEmptyReport } from './report-numbers.ts';
import { ReportPrizeTable } from './report-prize-table.tsx';

// echarts is the heaviest piece of the admin: it loads only when a report has something to draw.
const ReportDailyChart = lazy(() => import('./report-daily-chart.tsx'));

/**
 * The server's answer for an id it has no campaign for (404), or for a value that is no id at
 * all (a refused query, 103): both mean the link names no campaign of this store.
 */
const isMissing = (error: ApiError | null) => error?.code === ResultCode.NOT_FOUND || error?.code === ResultCode.INVALID;

/** A goal's number as the owner set it: revenue in the store's currency, counts in the admin's language. */
const showGoal = (metric: string, n: number, currency: string, lang: string) =>
  (metric === 'revenue' ? formatMoney(n, currency) : formatNumber(n, lang));

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/custom" data-testid="campaign-report-back" style={{ alignSelf: 'flex-start' }}>
      <ArrowLeftOutlined /> {t('campaigns.report.back')}
    </Link>
  );
}

/**
 * /custom/strategy-report?id=&range=: what one campaign brought over one of the dashboard's eight
 * ranges, in whole days of the store's time zone: its totals, day by day, and a lucky draw's
 * prizes. The range sits in the address beside the id, so a reload keeps it.
 */
export function CampaignReportPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const range = readReportRange(params.get('range'));
  const report = useCampaignReport(id, range);

  if (!id || isMissing(report.error)) {
    return (
      <Flex vertical gap={16}>
        <BackLink />
        <Result
          status="404"
          title={t('campaigns.report.missingTitle')}
          // The server's sentence is already in the admin's language; without an id nothing was asked.
          subTitle={report.error?.message ?? t('campaigns.report.missingHelp')}
          data-testid="campaign-report-missing"
        />
      </Flex>
    );
  }
  if (report.isError) {
    return (
      <Flex vertical gap={16}>
        <BackLink />
        <Alert
          type="error"
          showIcon
          title={t('campaigns.loadFailed')}
          action={<Button size="small" onClick={() => void report.refetch()}>{t('campaigns.report.retry')}</Button>}
          data-testid="campaign-report-failed"
        />
      </Flex>
    );
  }
  if (!report.data) return <PageLoading />;

  const data = report.data;
  const { campaign } = data;
  const choose = (key: DateRangeKey) => setParams((p) => {
    const next = new URLSearchParams(p);
    next.set('range', key);
    return next;
  }, { replace: true });

  return (
    <Flex vertical gap={16} data-testid="campaign-report" data-campaign-id={campaign.id} data-range={data.range.key}>
      <BackLink />
      <Flex align="center" gap={8} wrap>
        {/* A long name without spaces breaks inside the page rather than pushing past its edge. */}
        <Typography.Title level={3} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="campaign-report-name">
          {campaign.name}
        </Typography.Title>
        <Tag data-testid="campaign-report-type">{`${t(`campaigns.types.${campaign.type}`)} · ${t(`campaigns.forms.${campaign.form}`)}`}</Tag>
        <CampaignStatusTag status={campaign.status} />
        {/* The goal is over the campaign's whole life, whatever range the page shows. */}
        <Link to={`/custom/aim?id=${campaign.id}`} data-testid="campaign-report-aim">
          {data.goal
            ? t('campaigns.aim.reached', {
                metric: t(`campaigns.aim.metrics.${data.goal.metric}`),
                reached: showGoal(data.goal.metric, data.goal.reached, data.currency, i18n.language),
                target: showGoal(data.goal.metric, data.goal.target, data.currency, i18n.language),
              })
            : t('campaigns.report.setGoal')}
        </Link>
      </Flex>
      <Row justify="space-between" align="middle" gutter={[8, 8]}>
        {/* Eight ranges are wider than a phone: they scroll sideways inside the page, not the page. */}
        <Col style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<DateRangeKey>
            data-testid="report-range"
            aria-label={t('campaigns.report.range')}
            value={range}
            onChange={choose}
            options={DATE_RANGE_KEYS.map((k) => ({ value: k, label: <span data-testid={`report-range-${k}`}>{t(`common.ranges.${k}`)}</span> }))}
          />
        </Col>
        <Col>
          <Typography.Text type="secondary" data-testid="campaign-report-period">
            {t('campaigns.report.period', { start: data.range.start, end: data.range.end })}
          </Typography.Text>
        </Col>
      </Row>
      {/* The last range's numbers stay while the next loads; dimmed, so they are not read as the new ones. */}
      <Flex vertical gap={16} aria-busy={report.isPlaceholderData} style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
        <ReportKpiCards report={data} />
        {isEmptyReport(data)
          ? (
              <Card data-testid="campaign-report-empty">
                <Empty description={(
                  <Flex vertical gap={4} style={{ maxWidth: 560, margin: '0 auto' }}>
                    <Typography.Text strong>{t('campaigns.report.emptyTitle')}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t(campaign.status === 'draft' ? 'campaigns.report.emptyDraft' : 'campaigns.report.emptyHelp')}
                    </Typography.Text>
                  </Flex>
                )} />
              </Card>
            )
          : <Suspense fallback={<PageLoading />}><ReportDailyChart key={data.range.key} report={data} /></Suspense>}
        {/* Other types have no prizes; a draw shows its table even before anyone played, for the stock. */}
        {(campaign.type === 'lucky_draw' || data.prizes.length > 0) && <ReportPrizeTable prizes={data.prizes} />}
      </Flex>
      <Typography.Text type="secondary">{t('campaigns.report.attribution')}</Typography.Text>
    </Flex>
  );
}
