import { platformConnectJourney } from './support/platform-journey.ts';
import { shoplineDriver } from './support/platform-shopline.ts';

/**
 * Connecting a Shopline store, once per language, against the fake Shopline on loopback (the
 * server reaching it through SHOPLINE_API_BASE): the platform journey of
 * support/platform-journey.ts. Sales-channel tokens are Shopify's only.
 */
platformConnectJourney(shoplineDriver());
