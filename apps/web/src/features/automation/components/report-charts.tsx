import type { FlowReport } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sendingSteps, stepName, toMajor } from '../report-model.ts';
import { type ChartOption, DrawnChart } from '../../../shared/ui/drawn-chart.tsx';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Day by day (entered, sent, opened, clicked; revenue on its own axis) and what each sending step reached. */
export default function ReportCharts({ report }: { report: FlowReport }) {
  const { t } = useTranslation();
  const daily = useMemo<ChartOption>(() => {
    const { daily: days, currency } = report;
    return {
      animation: CHART_ANIMATION,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 48, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5, 10)) },
      yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', splitLine: { show: false } }],
      series: [
        ...(['entered', 'sent', 'opened', 'clicked'] as const).map((k) => ({
          type: 'line' as const, smooth: true, showSymbol: days.length <= 31, name: t(`automation.report.${k}`), data: days.map((d) => d[k]),
        })),
        { type: 'bar' as const, name: `${t('automation.report.revenue')} (${currency})`, yAxisIndex: 1, data: days.map((d) => toMajor(d.revenue, currency)) },
      ],
    };
  }, [report, t]);
  const steps = useMemo(() => sendingSteps(report.steps), [report]);
  const funnel = useMemo<ChartOption>(() => {
    const label = (s: (typeof steps)[number]) => stepName(s, t);
    return {
      animation: CHART_ANIMATION,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 24, top: 40, bottom: 24, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: steps.map(label), axisLabel: { width: 150, overflow: 'truncate' } },
      series: [
        { type: 'bar', name: t('automation.card.sent'), data: steps.map((s) => (s.type === 'sms' ? s.sms_sent : s.sent)) },
        { type: 'bar', name: t('automation.report.delivered'), data: steps.map((s) => s.delivered) },
        { type: 'bar', name: t('automation.report.opened'), data: steps.map((s) => s.opened) },
        { type: 'bar', name: t('automation.report.clicked'), data: steps.map((s) => (s.type === 'sms' ? s.sms_clicked : s.clicked)) },
      ],
    };
  }, [steps, t]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <DrawnChart title={t('automation.report.daily')} testId="report-chart-daily" option={daily} height={300} />
      </Col>
      <Col xs={24} xl={12}>
        <DrawnChart title={t('automation.report.funnel')} testId="report-chart-funnel" option={funnel} height={Math.max(300, 60 + steps.length * 56)} />
      </Col>
    </Row>
  );
}
