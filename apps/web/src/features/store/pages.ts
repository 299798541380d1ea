// The route table's lazy entry for the store's pages. It is kept apart from index.ts so that a
// feature taking the store fields form from index.ts does not download these pages with it.
export { StoreInfoPage } from './store-info-page.tsx';
export { ApiTokenPage } from './api-token-page.tsx';
