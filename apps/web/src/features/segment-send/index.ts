export { SegmentSendHome } from './pages/segment-send-home.tsx';
export { SettingPage } from './pages/setting-page.tsx';
export { TemplatePage } from './pages/template-page.tsx';
export { ContentPage } from './pages/content-page.tsx';
export { ConfirmPage } from './pages/confirm-page.tsx';
export { ReportPage } from './pages/report-page.tsx';
