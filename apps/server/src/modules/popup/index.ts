/** Pop-ups: the admin's routes, the start-up seeding of shipped templates, and what the storefront shares. */
export { popupAdminRoutes } from './routes.ts';
export { seedBuiltinTemplates } from './seed-builtin-templates.ts';
export { storeOrigins } from './embed-block.ts';
