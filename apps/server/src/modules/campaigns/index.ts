/** The campaign centre: campaigns and their states for the admin, and the lucky draw for the storefront. */
export { campaignAdminRoutes, campaignStorefrontRoutes } from './routes.ts';
