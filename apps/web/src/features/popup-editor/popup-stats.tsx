import { type Popup, popupRoutes } from '@storecast/contract';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';

// echarts loads only when a chart is on screen.
const DailyChart = lazy(() => import('./daily-chart.tsx'));

/** "12.5%" from a 0..1 rate. */
export function formatRate(rate: number, language: string): string {
  return `${(rate * 100).toLocaleString(language, { maximumFractionDigits: 1 })}%`;
}

/** Views, sign-ups and conversion rate of one pop-up. */
export function PopupTotals({ totals }: { totals: Popup['totals'] }) {
  const { t, i18n } = useTranslation();
  const stat = (title: string, value: string, testId: string) => (
    <Col xs={8}>
      <Card size="small">
        <Statistic title={title} value={value} valueRender={() => <span data-testid={testId}>{value}</span>} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={12}>
      {stat(t('popup.views'), formatNumber(totals.views, i18n.language), 'popup-views')}
      {stat(t('popup.signUps'), formatNumber(totals.sign_ups, i18n.language), 'popup-sign-ups')}
      {stat(t('popup.rate'), formatRate(totals.rate, i18n.language), 'popup-rate')}
    </Row>
  );
}

/** Views and sign-ups per day over the last 30 days; nothing to draw before the first save. */
export function PopupDailyChart({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const daily = useApiQuery(popupRoutes.daily, { query: { id: id ?? '', days: 30 } }, { enabled: !!id });
  return (
    <Card size="small" title={t('popup.home.chart')} data-testid="popup-daily-chart">
      {!id || (daily.data && daily.data.length === 0)
        ? <Empty description={id ? t('popup.home.noData') : t('popup.home.notSaved')} />
        : daily.data
          ? <Suspense fallback={<PageLoading />}><DailyChart days={daily.data} /></Suspense>
          : <PageLoading />}
    </Card>
  );
}
