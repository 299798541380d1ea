/**
 * The campaign centre (/custom): the campaigns list with their state moves, and the campaign
 * editor (/custom/strategy-edit, a full page). Each page waits for the centre's strings.
 */
import { CampaignEditPage as Edit } from './campaign-edit-page.tsx';
import { CampaignListPage as List } from './campaign-list-page.tsx';
import { withCampaignStrings } from './load-campaign-strings.ts';

export const CampaignListPage = withCampaignStrings(List);
export const CampaignEditPage = withCampaignStrings(Edit);
