/**
 * The storefront script's side of the server: its public routes (pop-up config, sign-ups,
 * shopper events, identify), the double opt-in page, the script file, and how a public key
 * becomes a store for the route layer.
 */
export { storefrontRoutes } from './routes.ts';
export { resolveStoreKey } from './resolve-store-key.ts';
