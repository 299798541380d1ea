/** The store's activity log (/store/activity-log). */
export { ActivityLogPage } from './activity-log-page.tsx';
