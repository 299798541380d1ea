import { Card } from 'antd';
import * as echarts from 'echarts/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { type CSSProperties, useMemo, useState } from 'react';

/**
 * An echarts option. Each feature registers the chart types it draws with `echarts.use`, so the
 * chart chunks stay small (the whole of echarts is about 1 MB).
 */
export type ChartOption = Parameters<echarts.EChartsType['setOption']>[0];

interface DrawnChartProps {
  option: ChartOption;
  testId: string;
  height: number;
  /** With a title the chart sits in a card of that title. */
  title?: string;
  style?: CSSProperties;
}

/**
 * A chart that says `data-drawn="true"` once echarts has finished drawing (animation included),
 * so a screenshot or a reader waiting for it sees whole series. The option must keep its identity
 * across renders (the caller memoises it), or echarts would start drawing again; a caller that
 * wants the flag to start over mounts a new chart by keying it.
 */
export function DrawnChart({ option, testId, height, title, style }: DrawnChartProps) {
  const [drawn, setDrawn] = useState(false);
  const onEvents = useMemo(() => ({ finished: () => setDrawn(true) }), []);
  // A chart with nothing to animate finishes inside setOption, before the handler is bound.
  const onChartReady = (chart: echarts.EChartsType) => {
    if (chart.getZr().animation.isFinished()) setDrawn(true);
  };
  const chart = <ReactEChartsCore echarts={echarts} style={{ height }} notMerge option={option} onEvents={onEvents} onChartReady={onChartReady} />;
  if (title === undefined) return <div data-testid={testId} data-drawn={drawn} style={style}>{chart}</div>;
  return <Card title={title} data-testid={testId} data-drawn={drawn} style={style}>{chart}</Card>;
}
