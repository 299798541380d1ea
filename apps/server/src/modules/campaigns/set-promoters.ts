import { isUuid } from '@storecast/contract';
import { campaignLinks, type Db, flows, type ShopScope, strategies } from '@storecast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, FieldError } from '../../http/app-error.ts';
import { readUsage } from './change-status.ts';
import { findCampaignRow } from './find-campaign.ts';

/**
 * Names the Segment Sends and flows that promote a campaign (strategy-edit's second half), in
 * place of those named before; `campaign_links` keeps them, so closing or deleting the campaign
 * can say what it affects. Only the store's own Segment Sends and flows may be named: an id that
 * is not one (another store's, deleted, malformed) refuses the whole change on its field, and
 * nothing is written. A closed campaign promotes nothing.
 */
export async function setPromoters(db: Db, scope: ShopScope, body: { id: string; strategies: string[]; flows: string[] }) {
  const row = await findCampaignRow(db, scope, body.id);
  if (row.status === 'closed') throw new AppError('errors.campaign.closedPromoters', 409);
  const sendIds = [...new Set(body.strategies)];
  const flowIds = [...new Set(body.flows)];
  const found = async (ids: string[], table: typeof strategies | typeof flows, extra?: ReturnType<typeof eq>) => {
    if (ids.length === 0) return true;
    if (!ids.every(isUuid)) return false;
    const rows = await db.select({ id: table.id }).from(table).where(scope.where(table, and(inArray(table.id, ids), extra)));
    return rows.length === ids.length;
  };
  if (!(await found(sendIds, strategies, eq(strategies.kind, 'segment')))) throw new FieldError('strategies', 'errors.campaign.promoterNotFound');
  if (!(await found(flowIds, flows))) throw new FieldError('flows', 'errors.campaign.promoterNotFound');
  await db.transaction(async (tx) => {
    await tx.delete(campaignLinks).where(scope.where(campaignLinks, eq(campaignLinks.campaignId, row.id)));
    const links = [
      ...sendIds.map((targetId) => ({ kind: 'strategy' as const, targetId })),
      ...flowIds.map((targetId) => ({ kind: 'flow' as const, targetId })),
    ];
    if (links.length > 0) await tx.insert(campaignLinks).values(links.map((l) => scope.values({ campaignId: row.id, ...l })));
  });
  return readUsage(db, scope, row.id);
}
