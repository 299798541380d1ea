export { BrandAssetsPage } from './brand-assets-page.tsx';
export { SalesAttributionPage } from './sales-attribution-page.tsx';
