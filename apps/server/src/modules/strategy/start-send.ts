import { type ShopScope, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { reserveVolume } from '../billing/index.ts';
import { addRecipientsFrom, queueDelivery, recordSendLinks } from '../delivery/index.ts';
import { elementAudienceSelect } from './element-audience.ts';
import { loadSendPlan } from './load-send-context.ts';
import { audienceWhere, recordAudience } from './record-audience.ts';
import { SEGMENT_SEND } from './segment-send-kind.ts';

/**
 * Moves a draft or pending strategy to `sending` in one transaction: records its audience,
 * records its links, reserves one unit of volume per recipient. Anything refused (unverified
 * sender, nobody to send to, volume short) rolls it all back and throws the localised refusal,
 * leaving the strategy as it was. Then wakes a worker. An Element Send's audience is its matched
 * shoppers, each delivery carrying its product's slot (its plan checked the matching is done).
 */
export async function startSend(deps: Deps, scope: ShopScope, strategyId: string, from: ('draft' | 'pending')[]): Promise<number> {
  const { db } = deps.dbh;
  const plan = await loadSendPlan(deps, scope, strategyId);
  const [row] = await db.select({ kind: strategies.kind, segmentIds: strategies.segmentIds, smartSending: strategies.smartSending })
    .from(strategies).where(scope.where(strategies, eq(strategies.id, strategyId)));
  if (!row) throw new AppError('errors.strategy.notFound', 404);
  const element = row.kind === 'element' ? await elementAudienceSelect(db, scope, strategyId, row.smartSending) : null;
  const where = element ? null : await audienceWhere(db, scope, row.segmentIds, { smartSending: row.smartSending });
  const n = await deps.dbh.transaction(async (c) => {
    const lock = await c.query<{ status: string }>(`select status from strategies where id = $1 and shop_id = $2 for update`, [strategyId, scope.shopId]);
    const status = lock.rows[0]?.status;
    if (!status || !(from as string[]).includes(status)) throw new AppError('errors.strategy.notEditable', 409);
    const added = element
      ? await addRecipientsFrom(c, scope.shopId, strategyId, element)
      : await recordAudience(c, scope.shopId, strategyId, where!);
    if (added === 0) throw new AppError(element ? 'errors.element.matchingZero' : 'errors.strategy.noRecipients', 400);
    await reserveVolume(c, scope.shopId, added);
    await recordSendLinks(c, scope.shopId, strategyId, plan.links);
    await c.query(
      `update strategies set status = 'sending', reserved = $2, started_at = now(), failure = null, updated_at = now() where id = $1`,
      [strategyId, added],
    );
    return added;
  });
  await queueDelivery(deps, SEGMENT_SEND, strategyId);
  return n;
}
