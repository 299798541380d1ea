import type { CampaignGoal } from '@storecast/contract';
import { campaigns, type Db, type ShopScope } from '@storecast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { findCampaignRow, readCampaign } from './find-campaign.ts';

/**
 * Sets (or clears, with null) the goal of a draft or enabled campaign: what the owner aims the
 * campaign at, which the report measures it against. An archived or closed campaign keeps the goal
 * it had. The goal is not one of the campaign's fields, so saving the campaign (even as new) does
 * not touch it.
 */
export async function setCampaignAim(db: Db, scope: ShopScope, id: string, goal: CampaignGoal | null) {
  const row = await findCampaignRow(db, scope, id);
  const changed = await db.update(campaigns).set({ goal, updatedAt: new Date() })
    .where(scope.where(campaigns, and(eq(campaigns.id, row.id), inArray(campaigns.status, ['draft', 'enabled']))))
    .returning({ id: campaigns.id });
  if (changed.length === 0) throw new AppError('errors.campaign.notEditable', 409);
  return readCampaign(db, scope, row.id);
}
