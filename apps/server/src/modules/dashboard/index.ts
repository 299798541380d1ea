/** The dashboard's numbers: daily rollups, goals, the overview. */
export { dashboardRoutes } from './routes.ts';
export { rollupJob } from './rollup-job.ts';
// The benchmark and tests recount marked days without the worker loop.
export { recountAllDirty } from './recount-days.ts';
