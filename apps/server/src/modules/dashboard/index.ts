/** The dashboard's numbers: daily rollups, goals, the overview. */
export { dashboardRoutes } from './routes.ts';
export { rollupJob } from './rollup-job.ts';
