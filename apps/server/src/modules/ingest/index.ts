/** Ingestion's routes, and the store API token check the route layer is given for `api-token` routes. */
export { ingestRoutes } from './routes.ts';
export { resolveApiToken } from './api-tokens.ts';
// The store platforms' connectors map their records and webhooks to these same writers.
export { ingestCustomers } from './ingest-customers.ts';
export { ingestOrders } from './ingest-orders.ts';
export { ingestProducts } from './ingest-products.ts';
export { ingestEvents } from './ingest-events.ts';
// The same writers for a whole batch at once (a first sync's pages), in a few set-based statements.
export { ingestCustomersBatch } from './write-customers-batch.ts';
export { ingestOrdersBatch } from './write-orders-batch.ts';
export { ingestProductsBatch } from './write-products-batch.ts';
export type { BatchRecord, PlatformConsent } from './batch-rows.ts';
export type { IngestResult } from './check-items.ts';
