import { lazy } from 'react';

export { SegmentSendHome } from './pages/segment-send-home.tsx';
export { SettingPage } from './pages/setting-page.tsx';
export { TemplatePage } from './pages/template-page.tsx';
export { ContentPage } from './pages/content-page.tsx';
export { ConfirmPage } from './pages/confirm-page.tsx';
export { ReportPage } from './pages/report-page.tsx';
// Pieces other sends (Element Send) share with Segment Send.
export { StatusTag } from './components/status-tag.tsx';
export { RecommendationsPanel } from './components/recommendations-panel.tsx';
export { reportRates } from './report-rates.ts';
export { earliestSendAt, passedInSomeZones, sendTimeProblem, toWallTime, wallTimeToInstant, type WallTime } from './send-time.ts';
// echarts is the heaviest piece of the admin: the charts load only when a report is drawn.
export const LazyReportCharts = lazy(() => import('./components/report-charts.tsx'));
