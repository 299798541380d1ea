import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { blockProducts, unblockProducts } from './block-products.ts';
import { findProductByRef } from './find-product.ts';
import { listBlockedProducts } from './list-blocked-products.ts';
import { countVariants, listProducts } from './list-products.ts';
import { toProductSummary } from './product-summary.ts';

/** The admin's product list and search, and the blocked-product list (the ingestion of products is the ingest module's). */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const c = api.catalogue;
  registerRoute(app, deps, c.list, ({ scope, query }) => listProducts(deps.dbh.db, scope, query));
  registerRoute(app, deps, c.find, async ({ scope, query }) => {
    const row = await findProductByRef(deps, scope, query.ref);
    return toProductSummary(row, await countVariants(deps.dbh.db, scope, row.id));
  });
  registerRoute(app, deps, c.blockedList, ({ scope, query }) => listBlockedProducts(deps.dbh.db, scope, query));
  registerRoute(app, deps, c.block, ({ scope, body }) => blockProducts(deps.dbh.db, scope, body.product_ids));
  registerRoute(app, deps, c.unblock, ({ scope, body }) => unblockProducts(deps.dbh.db, scope, body.product_ids));
}
