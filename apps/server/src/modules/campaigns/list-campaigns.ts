import type { CampaignStatus, CampaignType } from '@storecast/contract';
import { campaignDraws, campaigns, type Db, type ShopScope } from '@storecast/db';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { toCampaignSummary } from './to-campaign.ts';

interface ListQuery { status?: CampaignStatus; type?: CampaignType; page: number; page_size: number }

/** A page of the store's campaigns, newest first, with how many draws each has had. */
export async function listCampaigns(db: Db, scope: ShopScope, q: ListQuery) {
  const where = scope.where(campaigns, q.status ? eq(campaigns.status, q.status) : undefined, q.type ? eq(campaigns.type, q.type) : undefined);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(campaigns).where(where);
  const rows = await db.select().from(campaigns).where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(q.page_size).offset((q.page - 1) * q.page_size);
  const ids = rows.map((r) => r.id);
  const draws = ids.length === 0 ? [] : await db.select({ id: campaignDraws.campaignId, n: count() }).from(campaignDraws)
    .where(scope.where(campaignDraws, inArray(campaignDraws.campaignId, ids))).groupBy(campaignDraws.campaignId);
  const drawsOf = new Map(draws.map((d) => [d.id, d.n]));
  return {
    total: n, page: q.page, page_size: q.page_size,
    items: rows.map((r) => ({ ...toCampaignSummary(r), draws: drawsOf.get(r.id) ?? 0 })),
  };
}
