/** What the admin's users did in a store: recorded for every write, read as the activity log. */
export { activityRoutes } from './routes.ts';
// app.ts hands this to the route layer, which calls it after every successful store write.
export { recordWrite } from './record-write.ts';
