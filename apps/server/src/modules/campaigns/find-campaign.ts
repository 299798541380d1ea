import { isUuid } from '@storecast/contract';
import { campaignPrizes, campaigns, type Db, type ShopScope } from '@storecast/db';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { toCampaign } from './to-campaign.ts';

/** The store's campaign `id` names; another store's, or a malformed id, is "not found". */
export async function findCampaignRow(db: Db, scope: ShopScope, id: string) {
  if (!isUuid(id)) throw notFound('errors.campaign.notFound');
  const [row] = await db.select().from(campaigns).where(scope.where(campaigns, eq(campaigns.id, id)));
  if (!row) throw notFound('errors.campaign.notFound');
  return row;
}

export async function readPrizes(db: Db, scope: ShopScope, campaignId: string) {
  return db.select().from(campaignPrizes)
    .where(scope.where(campaignPrizes, eq(campaignPrizes.campaignId, campaignId))).orderBy(asc(campaignPrizes.position));
}

export async function readCampaign(db: Db, scope: ShopScope, id: string) {
  const row = await findCampaignRow(db, scope, id);
  return toCampaign(row, await readPrizes(db, scope, row.id));
}
