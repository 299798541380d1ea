// The route table's lazy entry for the brand pages. It is kept apart from index.ts so that a
// feature taking the coupon presets from index.ts does not download these pages with it.
export { BrandAssetsPage } from './brand-assets-page.tsx';
export { SalesAttributionPage } from './sales-attribution-page.tsx';
