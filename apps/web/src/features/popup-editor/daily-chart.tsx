import type { DataOf, api } from '@storecast/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { CHART_ANIMATION } from '../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Views as bars, sign-ups as a line, one point per day. */
export default function DailyChart({ days }: { days: DataOf<typeof api.popup.daily> }) {
  const { t } = useTranslation();
  return (
    <ReactEChartsCore
      echarts={echarts}
      style={{ height: 280 }}
      notMerge
      option={{
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
      }}
    />
  );
}
