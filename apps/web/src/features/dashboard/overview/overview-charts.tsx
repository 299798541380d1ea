import type { OverviewDay } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor } from './overview-model.ts';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type ChartOption = Parameters<echarts.EChartsType['setOption']>[0];

/**
 * A chart that says `data-drawn="true"` once echarts has finished drawing (animation included),
 * so a screenshot shows whole series. Its option keeps its identity across renders, or echarts
 * would draw again; a new range mounts a new chart (the caller keys it), so the flag starts over.
 */
function DrawnChart({ option, testId }: { option: ChartOption; testId: string }) {
  const [drawn, setDrawn] = useState(false);
  const onEvents = useMemo(() => ({ finished: () => setDrawn(true) }), []);
  // A chart with nothing to animate finishes inside setOption, before the handler is bound.
  const onChartReady = (chart: echarts.EChartsType) => {
    if (chart.getZr().animation.isFinished()) setDrawn(true);
  };
  return (
    <div data-testid={testId} data-drawn={drawn}>
      <ReactEChartsCore echarts={echarts} style={{ height: 280 }} notMerge option={option} onEvents={onEvents} onChartReady={onChartReady} />
    </div>
  );
}

/** Marketing revenue (bars, whole currency units) and attributed orders (line) per day. */
export function RevenueChart({ days, decimals }: { days: OverviewDay[]; decimals: number }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    animation: CHART_ANIMATION,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 40, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value' }, { type: 'value', minInterval: 1 }],
    series: [
      { type: 'bar', name: t('overview.charts.revenueSeries'), data: days.map((d) => toMajor(d.revenue, decimals)) },
      { type: 'line', name: t('overview.charts.orders'), yAxisIndex: 1, smooth: true, data: days.map((d) => d.orders) },
    ],
  }), [days, decimals, t]);
  return <DrawnChart option={option} testId="overview-chart-revenue" />;
}

/** Sends (bars), opens and clicks (lines) per day. */
export function SendsChart({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    animation: CHART_ANIMATION,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: t('overview.charts.sent'), data: days.map((d) => d.sent) },
      { type: 'line', name: t('overview.charts.opened'), smooth: true, data: days.map((d) => d.opened) },
      { type: 'line', name: t('overview.charts.clicked'), smooth: true, data: days.map((d) => d.clicked) },
    ],
  }), [days, t]);
  return <DrawnChart option={option} testId="overview-chart-sends" />;
}
