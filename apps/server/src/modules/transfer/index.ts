/** Imports and exports: their routes and the worker jobs that run them. */
export { transferRoutes } from './routes.ts';
export { importJob, exportJob } from './jobs.ts';
