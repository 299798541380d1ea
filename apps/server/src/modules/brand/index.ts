/** What other modules (the delivery pipeline, preview, the Segment Send wizard) may use. */
export { readEmailStyle } from './read-email-style.ts';
export { readSalesAttribution } from './read-sales-attribution.ts';
export { saveLibraryTemplate } from './save-library-template.ts';
export { readCoupon } from './manage-coupons.ts';
export { readTemplate } from './manage-library.ts';
export { rebaseMediaUrls } from './rebase-media-urls.ts';
export { brandRoutes } from './routes.ts';
