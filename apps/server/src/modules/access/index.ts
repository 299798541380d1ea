/** What other modules use of access management: its routes. */
export { accessRoutes } from './routes.ts';
