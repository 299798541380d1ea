export { ShopListPage } from './shop-list-page.tsx';
export { UserPage } from './user-page.tsx';
