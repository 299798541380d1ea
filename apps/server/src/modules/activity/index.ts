/** What the admin's users did in a store: recorded for every write, read as the activity log. */
export { activityRoutes } from './routes.ts';
