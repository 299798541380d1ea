import { platformConnectJourney } from './support/platform-journey.ts';
import { shoplazzaDriver } from './support/platform-shoplazza.ts';

/**
 * Connecting a Shoplazza store, once per language, against the fake Shoplazza on loopback (the
 * server reaching it through SHOPLAZZA_API_BASE): the platform journey of
 * support/platform-journey.ts. Sales-channel tokens are Shopify's only.
 */
platformConnectJourney(shoplazzaDriver());
