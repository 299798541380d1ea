import { type CampaignReport, findCurrency, formatMoney } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, DrawnChart } from '../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../shared/ui/prefers-reduced-motion.ts';
import { numbersOf } from './report-numbers.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/**
 * The range day by day: the counts as lines on the left axis, revenue as bars on its own axis in
 * whole units of the store's currency (views can be thousands while orders are a handful, and
 * money is not a count). Loaded on its own, so echarts downloads only when a report is opened.
 */
export default function ReportDailyChart({ report }: { report: CampaignReport }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const { days, currency } = report;
    const unit = 10 ** (findCurrency(currency)?.decimals ?? 2);
    const counts = numbersOf(report.campaign.type).filter((k) => k !== 'revenue');
    return {
      animation: CHART_ANIMATION,
      tooltip: { trigger: 'axis' },
      // A scrolling legend stays one line on a phone instead of covering the plot.
      legend: { top: 0, type: 'scroll' },
      grid: { left: 48, right: 56, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', splitLine: { show: false } }],
      series: [
        ...counts.map((k) => ({
          type: 'line' as const, smooth: true, showSymbol: days.length <= 31, name: t(`campaigns.report.kpis.${k}`), data: days.map((d) => d[k]),
        })),
        {
          type: 'bar' as const, yAxisIndex: 1, name: t('campaigns.report.kpis.revenue'), data: days.map((d) => d.revenue / unit),
          tooltip: { valueFormatter: (v: unknown) => formatMoney(Math.round(Number(v) * unit), currency) },
        },
      ],
    };
  }, [report, t]);
  // Keyed by range by the page, so `data-drawn` starts over when another range is drawn.
  return <DrawnChart title={t('campaigns.report.chart')} testId="campaign-report-chart" option={option} height={320} />;
}
