import type { Config } from '../../config.ts';

/**
 * The session user's `campaign_strategy` (SPEC 2: the /custom menu entry shows when it is not 0).
 * A store's own value counts when set; otherwise the server's `CAMPAIGN_CENTRE=on` turns the
 * centre on for every store. Off by default while shoppers cannot yet see a campaign (its landing
 * page and the storefront's draw come later), so no store offers what its shop cannot show.
 */
export function campaignStrategyOf(stored: number, config: Pick<Config, 'campaignCentre'>): number {
  if (stored !== 0) return stored;
  return config.campaignCentre ? 1 : 0;
}
