/** Stores: their routes (info, list, connect, switch). */
export { shopRoutes } from './routes.ts';
// Writing copy names the store: its name, homepage and currency.
export { readStoreInfo } from './store-info.ts';
