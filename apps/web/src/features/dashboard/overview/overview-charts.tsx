import type { OverviewDay } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor } from './overview-model.ts';
import { type ChartOption, DrawnChart } from '../../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

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
  return <DrawnChart option={option} testId="overview-chart-revenue" height={280} />;
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
  return <DrawnChart option={option} testId="overview-chart-sends" height={280} />;
}
