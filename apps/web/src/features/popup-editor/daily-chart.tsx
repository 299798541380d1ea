import type { DataOf, api } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, DrawnChart } from '../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Views as bars, sign-ups as a line, one point per day. */
export default function DailyChart({ days }: { days: DataOf<typeof api.popup.daily> }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    animation: CHART_ANIMATION,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 40, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5, 10)) },
    yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', minInterval: 1 }],
    series: [
      { type: 'bar', name: t('popup.views'), data: days.map((d) => d.views) },
      { type: 'line', name: t('popup.signUps'), yAxisIndex: 1, smooth: true, data: days.map((d) => d.sign_ups) },
    ],
  }), [days, t]);
  return <DrawnChart option={option} testId="popup-daily-series" height={280} />;
}
