export { GoalsPage } from './goals-page.tsx';
export { OverviewPage } from './overview-page.tsx';
export { LiveviewPage } from './liveview-page.tsx';
export { UserActionPage } from './user-action-page.tsx';
export { CalendarPage } from './calendar-page.tsx';
