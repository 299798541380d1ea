import type { strategyReportSchema } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatInZone } from '../../../shared/format/format-date.ts';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';
import { type ChartOption, DrawnChart } from '../../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type Series = z.infer<typeof strategyReportSchema>['series'];

/** Opens and clicks as lines, sends and unsubscribes as bars, over the report's time buckets. */
export default function ReportCharts({ series, zone }: { series: Series; zone: string | undefined }) {
  const { t } = useTranslation();
  const [engagement, delivery] = useMemo<[ChartOption, ChartOption]>(() => {
    // Hourly buckets keep the hour; daily ones show the date only.
    const hourly = series.length > 1 && new Date(series[1]!.at).getTime() - new Date(series[0]!.at).getTime() < 86_400_000;
    const labels = series.map((p) => formatInZone(p.at, zone).slice(hourly ? 5 : 0, hourly ? 16 : 10));
    const name = (k: KeyUnder<'segmentSend.report'>) => t(`segmentSend.report.${k}`);
    const base = { animation: CHART_ANIMATION, tooltip: { trigger: 'axis' as const }, legend: { top: 0 }, grid: { left: 40, right: 16, top: 40, bottom: 32 }, animationDuration: 400, xAxis: { type: 'category' as const, data: labels }, yAxis: { type: 'value' as const, minInterval: 1 } };
    return [
      { ...base, series: (['opened', 'clicked'] as const).map((k) => ({ type: 'line', smooth: true, name: name(k), data: series.map((p) => p[k]) })) },
      { ...base, series: (['sent', 'unsubscribed'] as const).map((k) => ({ type: 'bar', name: name(k), data: series.map((p) => p[k]) })) },
    ];
  }, [series, zone, t]);
  if (series.length === 0) return <Card><Empty description={t('segmentSend.report.noData')} /></Card>;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <DrawnChart title={t('segmentSend.report.engagement')} testId="report-chart-engagement" option={engagement} height={300} />
      </Col>
      <Col xs={24} lg={12}>
        <DrawnChart title={t('segmentSend.report.overTime')} testId="report-chart-delivery" option={delivery} height={300} />
      </Col>
    </Row>
  );
}
