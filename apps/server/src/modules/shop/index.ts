/** Stores: their routes (info, list, connect, switch). */
export { shopRoutes } from './routes.ts';
