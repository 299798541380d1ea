import type { strategyReportSchema } from '@storecast/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ChartOption, DrawnChart } from '../../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type Elements = NonNullable<z.infer<typeof strategyReportSchema>['elements']>;

/** Sent, opened, clicked and orders of the six products side by side. */
export default function ElementProductChart({ elements }: { elements: Elements }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    animation: CHART_ANIMATION,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 40, bottom: 32 },
    animationDuration: 400,
    xAxis: { type: 'category', data: elements.map((e) => t('elementSend.products.slot', { num: e.slot + 1 })) },
    yAxis: { type: 'value', minInterval: 1 },
    series: (['sent', 'opened', 'clicked', 'orders'] as const).map((k) => ({ type: 'bar', name: t(`elementSend.report.${k}`), data: elements.map((e) => e[k]) })),
  }), [elements, t]);
  return <DrawnChart title={t('elementSend.report.chartTitle')} testId="element-report-chart" option={option} height={320} style={{ marginTop: 16 }} />;
}
