/** The campaign centre: campaigns and their states for the admin, and the lucky draw for the storefront. */
export { campaignAdminRoutes, campaignStorefrontRoutes } from './routes.ts';
/** The toolbox's link generator: saved links with UTM parameters and their public short links. */
export { campaignLinkRoutes } from './link-routes.ts';
/** Whether a store's admin shows the campaign centre (the session user's `campaign_strategy`). */
export { campaignStrategyOf } from './campaign-centre.ts';
