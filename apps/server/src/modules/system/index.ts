/** Health, currencies and the admin's start-up configuration. */
export { systemRoutes } from './routes.ts';
