import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { findProductByRef } from './find-product.ts';
import { countVariants, listProducts } from './list-products.ts';
import { toProductSummary } from './product-summary.ts';

/** The admin's product list and search (the ingestion of products is the ingest module's). */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const c = api.catalogue;
  registerRoute(app, deps, c.list, ({ scope, query }) => listProducts(deps.dbh.db, scope, query));
  registerRoute(app, deps, c.find, async ({ scope, query }) => {
    const row = await findProductByRef(deps, scope, query.ref);
    return toProductSummary(row, await countVariants(deps.dbh.db, scope, row.id));
  });
}
