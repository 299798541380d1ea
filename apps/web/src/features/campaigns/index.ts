/**
 * The campaign centre (/custom): the campaigns list with their state moves and the toolbox (the
 * blocked-product list and the link generator) as its two tabs, the campaign editor
 * (/custom/strategy-edit, a full page), a campaign's report (/custom/strategy-report) and its goal
 * (/custom/aim). Each page waits for the centre's strings.
 */
import { CampaignAimPage as Aim } from './campaign-aim-page.tsx';
import { CampaignCentrePage as Centre } from './campaign-centre-page.tsx';
import { CampaignEditPage as Edit } from './campaign-edit-page.tsx';
import { CampaignReportPage as Report } from './campaign-report-page.tsx';
import { withCampaignStrings } from './load-campaign-strings.ts';

export const CampaignCentrePage = withCampaignStrings(Centre);
export const CampaignEditPage = withCampaignStrings(Edit);
export const CampaignReportPage = withCampaignStrings(Report);
export const CampaignAimPage = withCampaignStrings(Aim);
