export { SegmentSendHome } from './pages/segment-send-home.tsx';
export { SettingPage } from './pages/setting-page.tsx';
export { TemplatePage } from './pages/template-page.tsx';
export { ContentPage } from './pages/content-page.tsx';
export { ConfirmPage } from './pages/confirm-page.tsx';
export { ReportPage } from './pages/report-page.tsx';
// Pieces other sends (Element Send) share with Segment Send.
export { StatusTag } from './components/status-tag.tsx';
export { StrategiesTable } from './components/strategies-table.tsx';
export { StrategyReportPage, type StrategyReport } from './components/strategy-report-page.tsx';
export { SendFields, type SendFieldValues } from './components/send-fields.tsx';
export { SendModeSection, SendWarnings, SmartSendingCheck } from './components/send-settings.tsx';
export { useSendMode } from './use-send-mode.ts';
export { useSaveStrategy, useSendWarnings, useShopInfo, useStrategyDetail } from './queries.ts';
export { useContentDraft } from './use-content-draft.ts';
