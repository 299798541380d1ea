/**
 * The product catalogue: ingestion of products, the admin's product list and search, and the
 * lookups other modules draw products with (Element Send's search, the e-mail's product blocks).
 */
export { findProductByRef, loadProductViews } from './find-product.ts';
export { toProductSummary, toProductView, type ProductRow } from './product-summary.ts';
export { catalogueRoutes } from './routes.ts';
