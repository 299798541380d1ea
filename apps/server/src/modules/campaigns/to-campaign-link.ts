import { API_PREFIX, type CampaignLink, SHORT_LINK_PATH } from '@storecast/contract';
import type { shortLinks } from '@storecast/db';

type LinkRow = typeof shortLinks.$inferSelect;

/** The short link on the product's own public address, which the redirect route answers. */
export const shortUrlOf = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}${API_PREFIX}${SHORT_LINK_PATH}${code}`;

export function toCampaignLink(publicUrl: string, row: LinkRow, campaign: { id: string; name: string } | null): CampaignLink {
  return {
    id: row.id,
    code: row.code,
    destination: row.destination,
    full_url: row.fullUrl,
    short_url: shortUrlOf(publicUrl, row.code),
    utm_source: row.utmSource,
    utm_medium: row.utmMedium,
    utm_campaign: row.utmCampaign,
    utm_term: row.utmTerm,
    utm_content: row.utmContent,
    campaign,
    clicks: row.clicks,
    last_clicked_at: row.lastClickedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
