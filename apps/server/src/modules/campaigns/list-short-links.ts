import type { CampaignLink } from '@storecast/contract';
import { campaigns, type Db, type ShopScope, shortLinks } from '@storecast/db';
import { and, count, desc, eq } from 'drizzle-orm';
import { toCampaignLink } from './to-campaign-link.ts';

/** A page of the store's saved links, newest first, each with its clicks and campaign's name. */
export async function listShortLinks(
  db: Db, scope: ShopScope, publicUrl: string, q: { page: number; page_size: number },
): Promise<{ items: CampaignLink[]; total: number }> {
  const where = scope.where(shortLinks);
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db.select({ n: count() }).from(shortLinks).where(where),
    db.select({ link: shortLinks, campaignId: campaigns.id, campaignName: campaigns.name }).from(shortLinks)
      .leftJoin(campaigns, and(eq(campaigns.id, shortLinks.campaignId), eq(campaigns.shopId, shortLinks.shopId)))
      .where(where)
      .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
      .limit(q.page_size).offset((q.page - 1) * q.page_size),
  ]);
  return {
    total: n,
    items: rows.map((r) => toCampaignLink(publicUrl, r.link, r.campaignId && r.campaignName !== null ? { id: r.campaignId, name: r.campaignName } : null)),
  };
}
