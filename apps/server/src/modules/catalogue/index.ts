/**
 * The product catalogue: ingestion of products, the admin's product list and search, the lookups
 * other modules draw products with (Element Send's search, the e-mail's product blocks), and the
 * blocked-product list with the test every chooser of products for shoppers adds to its query.
 */
export { findProductByRef, loadProductViews } from './find-product.ts';
export { findBlockedIds, isBlocked, isBlockedSql } from './skip-blocked-products.ts';
export { toProductSummary, toProductView, type ProductRow } from './product-summary.ts';
export { catalogueRoutes } from './routes.ts';
