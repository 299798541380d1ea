import { CAMPAIGN_LIMITS, type CampaignFields, type Locale, type saveCampaignBody } from '@storecast/contract';
import { campaignPrizes, campaigns, type Db, type ShopScope, shops } from '@storecast/db';
import { count, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { checkCoupons, couponWarnings } from './check-coupons.ts';
import { findCampaignRow, readCampaign } from './find-campaign.ts';
import { forgetRunningDraw } from './find-running-draw.ts';
import { columnsOf } from './to-campaign.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Creates a campaign as a draft, or changes the one `id` names. An enabled campaign changes only
 * with an explicit mode (SPEC 4): `update` changes it where it runs, `save_as_new` leaves it as it
 * is and saves the changes as a new draft. Archived and closed campaigns are not changed.
 */
export async function saveCampaign(db: Db, scope: ShopScope, locale: Locale, body: z.output<typeof saveCampaignBody>) {
  const c = body.campaign;
  await checkCoupons(db, scope, c);
  let id: string;
  if (body.id === undefined) {
    id = await createCampaign(db, scope, c);
  } else {
    const row = await findCampaignRow(db, scope, body.id);
    if (row.status === 'archived' || row.status === 'closed') throw new AppError('errors.campaign.notEditable', 409);
    if (row.status === 'enabled' && body.mode === undefined) throw new AppError('errors.campaign.modeRequired', 409);
    if (row.status === 'enabled' && body.mode === 'save_as_new') {
      id = await createCampaign(db, scope, c);
    } else {
      id = row.id;
      await db.transaction(async (tx) => {
        await tx.update(campaigns).set({ ...columnsOf(c), updatedAt: new Date() }).where(scope.where(campaigns, eq(campaigns.id, id)));
        await syncPrizes(tx, scope, id, c);
      });
      forgetRunningDraw(db, scope, id);
    }
  }
  return { campaign: await readCampaign(db, scope, id), warnings: await couponWarnings(db, scope, locale, c) };
}

/** The store's row is locked while counting, so concurrent creations stop at the cap. */
async function createCampaign(db: Db, scope: ShopScope, c: CampaignFields): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, scope.shopId)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(campaigns).where(scope.where(campaigns));
    if (n >= CAMPAIGN_LIMITS.perStoreMax) throw new AppError('errors.campaign.tooMany', 400);
    const [row] = await tx.insert(campaigns).values(scope.values({ ...columnsOf(c), status: 'draft' as const })).returning({ id: campaigns.id });
    await syncPrizes(tx, scope, row!.id, c);
    return row!.id;
  });
}

/**
 * Makes the campaign's prizes the ones sent. A prize sent with its id keeps what was won: its new
 * stock less the prizes already won is what is left, never below zero, in one UPDATE so a draw
 * taking one at the same moment is counted. Prizes not sent are removed (their draws stay).
 */
async function syncPrizes(tx: Tx, scope: ShopScope, campaignId: string, c: CampaignFields) {
  const prizes = c.type === 'lucky_draw' ? c.draw?.prizes ?? [] : [];
  const kept: string[] = [];
  for (const [position, p] of prizes.entries()) {
    const fields = {
      position, kind: p.kind, label: p.label, couponPresetId: p.kind === 'coupon' ? p.coupon_preset_id : null,
      weight: Math.round(p.probability * 100), stock: p.kind === 'none' ? null : p.stock,
    };
    if (p.id !== undefined) {
      const [row] = await tx.update(campaignPrizes)
        .set({ ...fields, stockLeft: fields.stock === null ? null : sql`greatest(0, ${fields.stock}::int - ${campaignPrizes.won})` })
        .where(scope.where(campaignPrizes, eq(campaignPrizes.campaignId, campaignId), sql`${campaignPrizes.id}::text = ${p.id}`))
        .returning({ id: campaignPrizes.id });
      if (row) {
        kept.push(row.id);
        continue;
      }
    }
    const [row] = await tx.insert(campaignPrizes)
      .values(scope.values({ ...fields, campaignId, stockLeft: fields.stock })).returning({ id: campaignPrizes.id });
    kept.push(row!.id);
  }
  await tx.delete(campaignPrizes).where(scope.where(campaignPrizes, eq(campaignPrizes.campaignId, campaignId),
    kept.length > 0 ? notInArray(campaignPrizes.id, kept) : undefined));
}
