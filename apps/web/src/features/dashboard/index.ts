export { GoalsPage, LiveviewPage, OverviewPage, UserActionPage } from './dashboard-pages.tsx';
