import { z } from 'zod';
import { CAMPAIGN_LINK_LIMITS, campaignLinkBody } from '../rules/campaign-link.ts';
import { pageSchema } from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';

/**
 * The toolbox's link generator (the campaign centre, /custom?tab=toolbox): a store's saved links
 * with UTM parameters and their short tracked links. The short link itself is not a contract
 * route: it answers a redirect, not the envelope (`GET /api/public/l/<code>`).
 */

export const campaignLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** What the owner entered, as the browser reads it. */
  destination: z.string(),
  /** The destination with the UTM parameters: where the short link sends a visitor. */
  full_url: z.string(),
  short_url: z.string(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  utm_term: z.string(),
  utm_content: z.string(),
  /** The campaign the link promotes, while it exists. */
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
  clicks: z.number().int(),
  last_clicked_at: z.string().nullable(),
  created_at: z.string(),
});
export type CampaignLink = z.infer<typeof campaignLinkSchema>;

export const campaignLinkRoutes = {
  list: defineRoute({
    method: 'GET', path: '/campaign/link-list', access: 'shop', tag: 'campaign',
    summary: 'The store\'s saved campaign links, newest first, a page at a time, with their clicks',
    query: z.object({
      page: pageSchema.default(1),
      page_size: pageSchema.max(CAMPAIGN_LINK_LIMITS.pageSizeMax).default(20),
    }),
    data: z.object({ items: z.array(campaignLinkSchema), total: z.number().int() }),
  }),
  create: defineRoute({
    method: 'POST', path: '/campaign/link-create', access: 'shop', tag: 'campaign',
    summary: 'Save a link to a page of the store\'s own shop with UTM parameters; answers the full URL and a short tracked link',
    body: campaignLinkBody,
    data: campaignLinkSchema,
  }),
  remove: defineRoute({
    method: 'POST', path: '/campaign/link-delete', access: 'shop', ownerOnly: true, tag: 'campaign',
    summary: 'Delete a saved link; its short link answers "not found" from then on',
    body: z.object({ id: z.string().max(40) }),
    data: z.object({ deleted: z.boolean() }),
  }),
} as const;
