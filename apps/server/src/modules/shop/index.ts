/** Stores: their routes (info, list, connect, switch). */
export { shopRoutes } from './routes.ts';
// Writing copy names the store: its name, homepage and currency.
export { readStoreInfo } from './store-info.ts';
// A platform's install creates its store inside the claim's transaction.
export { connectStoreIn, type StoreInput } from './connect-store.ts';
