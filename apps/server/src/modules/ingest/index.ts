/** Ingestion's routes, and the store API token check the route layer is given for `api-token` routes. */
export { ingestRoutes } from './routes.ts';
export { resolveApiToken } from './api-tokens.ts';
