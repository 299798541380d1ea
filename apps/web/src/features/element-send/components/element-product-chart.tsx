import type { strategyReportSchema } from '@storecast/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CHART_ANIMATION } from '../../../shared/ui/prefers-reduced-motion.ts';

// Only the parts drawn here, so the chart chunk stays small (the whole of echarts is ~1 MB).
echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type Elements = NonNullable<z.infer<typeof strategyReportSchema>['elements']>;

/** Sent, opened, clicked and orders of the six products side by side. */
export default function ElementProductChart({ elements }: { elements: Elements }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState(false);
  const labels = elements.map((e) => t('elementSend.products.slot', { num: e.slot + 1 }));
  const keys = ['sent', 'opened', 'clicked', 'orders'] as const;
  return (
    <Card title={t('elementSend.report.chartTitle')} data-testid="element-report-chart" data-drawn={drawn} style={{ marginTop: 16 }}>
      <ReactEChartsCore
        echarts={echarts}
        style={{ height: 320 }}
        notMerge
        onEvents={{ finished: () => setDrawn(true) }}
        // A chart with nothing to animate finishes inside setOption, before the handler is bound.
        onChartReady={(chart: echarts.EChartsType) => {
          if (chart.getZr().animation.isFinished()) setDrawn(true);
        }}
        option={{
          animation: CHART_ANIMATION,
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { left: 40, right: 16, top: 40, bottom: 32 },
          animationDuration: 400,
          xAxis: { type: 'category', data: labels },
          yAxis: { type: 'value', minInterval: 1 },
          series: keys.map((k) => ({ type: 'bar', name: t(`elementSend.report.${k}`), data: elements.map((e) => e[k]) })),
        }}
      />
    </Card>
  );
}
