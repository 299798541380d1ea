import { type CampaignStatus, isUuid } from '@storecast/contract';
import { campaignLinks, campaigns, type Db, flows, type ShopScope, strategies } from '@storecast/db';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { findCampaignRow, readCampaign } from './find-campaign.ts';
import { forgetRunningDraw } from './find-running-draw.ts';

/**
 * The moves SPEC 4 allows: a draft is enabled; a draft or enabled campaign is archived, and an
 * archived one restored as a draft (enabling it again is the owner's explicit act); any campaign
 * not yet closed is closed, for good. The UPDATE names the states it leaves, so two moves at once
 * cannot both pass.
 */
const MOVES = {
  enable: { from: ['draft'], to: 'enabled' },
  archive: { from: ['draft', 'enabled'], to: 'archived' },
  restore: { from: ['archived'], to: 'draft' },
  close: { from: ['draft', 'enabled', 'archived'], to: 'closed' },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;

export type CampaignMove = keyof typeof MOVES;

export async function moveCampaign(db: Db, scope: ShopScope, id: string, move: CampaignMove) {
  await findCampaignRow(db, scope, id);
  const { from, to } = MOVES[move];
  const moved = await db.update(campaigns).set({ status: to, updatedAt: new Date() })
    .where(scope.where(campaigns, eq(campaigns.id, id), inArray(campaigns.status, [...from]))).returning({ id: campaigns.id });
  if (moved.length === 0) throw new AppError('errors.campaign.transition', 409);
  forgetRunningDraw(db, scope, id);
  return readCampaign(db, scope, id);
}

/** The Segment Sends and flows that promote the campaign, by name (a flow is named by its kind). */
export async function readUsage(db: Db, scope: ShopScope, id: string) {
  await findCampaignRow(db, scope, id);
  const links = await db.select().from(campaignLinks).where(scope.where(campaignLinks, eq(campaignLinks.campaignId, id)));
  const ids = (kind: 'strategy' | 'flow') => links.filter((l) => l.kind === kind).map((l) => l.targetId);
  const sIds = ids('strategy');
  const fIds = ids('flow');
  const sends = sIds.length === 0 ? [] : await db.select({ id: strategies.id, name: strategies.name }).from(strategies)
    .where(scope.where(strategies, inArray(strategies.id, sIds)));
  const flowRows = fIds.length === 0 ? [] : await db.select({ id: flows.id, name: flows.kind }).from(flows)
    .where(scope.where(flows, inArray(flows.id, fIds)));
  return [
    ...sends.map((s) => ({ kind: 'strategy' as const, id: s.id, name: s.name })),
    ...flowRows.map((f) => ({ kind: 'flow' as const, id: f.id, name: f.name })),
  ];
}

/** Closes the campaign and unlinks what promoted it; the answer names those, for the owner to review. */
export async function closeCampaign(db: Db, scope: ShopScope, id: string) {
  const affected = await readUsage(db, scope, id);
  const campaign = await moveCampaign(db, scope, id, 'close');
  await db.delete(campaignLinks).where(scope.where(campaignLinks, eq(campaignLinks.campaignId, id)));
  return { campaign, affected };
}

/** Idempotent: an unknown id (or another store's) deletes nothing and says so. */
export async function deleteCampaign(db: Db, scope: ShopScope, id: string) {
  if (!isUuid(id)) return { deleted: false, affected: [] };
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(scope.where(campaigns, eq(campaigns.id, id)));
  if (!row) return { deleted: false, affected: [] };
  const affected = await readUsage(db, scope, id);
  const gone = await db.delete(campaigns).where(scope.where(campaigns, eq(campaigns.id, id))).returning({ id: campaigns.id });
  forgetRunningDraw(db, scope, id);
  return { deleted: gone.length > 0, affected };
}
